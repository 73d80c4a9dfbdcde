import type { Kysely } from 'kysely';
import type { AccountDataContributor } from '../plugins/account-data.js';
import type { IntegrationsDatabase } from './integration-migrations.js';

/**
 * The integrations area's share of leaving: the user's webhook integrations (name, URL, created;
 * never the signing secret) in `integrations/integrations.json`; deleted with the account.
 *
 * @example
 * app.accountData.register(createIntegrationAccountData(db));
 */
export function createIntegrationAccountData(db: Kysely<unknown>): AccountDataContributor {
  const typed = db as Kysely<IntegrationsDatabase>;
  return {
    area: 'integrations',
    async export(userId, sink) {
      const rows = await typed
        .selectFrom('user_integrations')
        .select(['id', 'name', 'url', 'created_at'])
        .where('owner', '=', userId)
        .orderBy('name')
        .execute();
      await sink.addJson(
        'integrations.json',
        rows.map((row) => ({ id: row.id, name: row.name, url: row.url, createdAt: Number(row.created_at) })),
      );
    },
    async delete({ userId, trx }) {
      await (trx as Kysely<IntegrationsDatabase>)
        .deleteFrom('user_integrations')
        .where('owner', '=', userId)
        .execute();
      return undefined;
    },
  };
}
