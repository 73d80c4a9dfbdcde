import type { Kysely } from 'kysely';
import type { AccountDataContributor } from '../plugins/account-data.js';
import type { AdminAuditTable } from '../plugins/admin-audit-log.js';

interface AuditDatabase {
  admin_audit: AdminAuditTable;
}

/** The email an audit entry shows for an account that was deleted. */
export const DELETED_ACCOUNT_EMAIL = '(deleted account)';

const PAGE = 200;

/**
 * The admin area's share of leaving. Audit entries by the user (they were an admin) or about
 * them are exported (`admin/audit.jsonl`). They stay after the deletion — the audit is the
 * install's record of what admins did — with the account's id replaced by the deletion's
 * tombstone and its email by {@link DELETED_ACCOUNT_EMAIL}.
 *
 * @example
 * app.accountData.register(createAdminAccountData(db));
 */
export function createAdminAccountData(db: Kysely<unknown>): AccountDataContributor {
  const typed = db as Kysely<AuditDatabase>;
  async function* readEntries(userId: string) {
    let after: string | undefined;
    for (;;) {
      let query = typed
        .selectFrom('admin_audit')
        .selectAll()
        .where((eb) => eb.or([eb('actor_id', '=', userId), eb('target_user_id', '=', userId)]));
      if (after !== undefined) query = query.where('id', '>', after);
      const rows = await query.orderBy('id').limit(PAGE).execute();
      for (const row of rows) {
        yield {
          id: row.id,
          action: row.action,
          actor: row.actor_id === userId ? 'you' : 'an admin',
          about: row.target_user_id === userId ? 'you' : row.target_email,
          details: JSON.parse(row.details) as unknown,
          createdAt: Number(row.created_at),
        };
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < PAGE) return;
      after = last.id;
    }
  }
  return {
    area: 'admin',
    export: (userId, sink) => sink.addJsonLines('audit.jsonl', readEntries(userId)),
    async delete({ userId, tombstoneId, trx }) {
      const tx = trx as Kysely<AuditDatabase>;
      await tx
        .updateTable('admin_audit')
        .set({ actor_id: tombstoneId, actor_email: DELETED_ACCOUNT_EMAIL })
        .where('actor_id', '=', userId)
        .execute();
      await tx
        .updateTable('admin_audit')
        .set({ target_user_id: tombstoneId, target_email: DELETED_ACCOUNT_EMAIL })
        .where('target_user_id', '=', userId)
        .execute();
      return undefined;
    },
  };
}
