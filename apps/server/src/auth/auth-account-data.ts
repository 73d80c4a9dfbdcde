import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountDataContributor } from '../plugins/account-data.js';

interface LoginAttemptsDatabase {
  login_attempts: { account: string; failures: number; last_failure_at: number };
}

/** The row id of an email in `login_attempts`: the SHA-256 of the normalised address. */
function attemptsIdOf(email: string): string {
  return createHash('sha256').update(email).digest('hex');
}

/**
 * The auth area's share of leaving: the sign-in throttle's count of failed sign-ins for the
 * account (`auth/sign-in-failures.json`, the database throttle's row), deleted with the account.
 * (Redis throttle counters are not read: they expire on their own within the throttle's window.)
 *
 * @example
 * app.accountData.register(createAuthAccountData(db));
 */
export function createAuthAccountData(db: Kysely<unknown>): AccountDataContributor {
  const typed = db as Kysely<LoginAttemptsDatabase>;
  return {
    area: 'auth',
    async export(userId, sink) {
      const user = await (db as Kysely<{ users: { id: string; email: string } }>)
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirst();
      const row = user
        ? await typed
            .selectFrom('login_attempts')
            .select(['failures', 'last_failure_at'])
            .where('account', '=', attemptsIdOf(user.email))
            .executeTakeFirst()
        : undefined;
      await sink.addJson('sign-in-failures.json', {
        failures: Number(row?.failures ?? 0),
        lastFailureAt: row && Number(row.last_failure_at) > 0 ? Number(row.last_failure_at) : null,
      });
    },
    async delete({ email, trx }) {
      await (trx as Kysely<LoginAttemptsDatabase>)
        .deleteFrom('login_attempts')
        .where('account', '=', attemptsIdOf(email))
        .execute();
      return undefined;
    },
  };
}
