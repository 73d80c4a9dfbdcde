import type { Kysely, Migration } from 'kysely';

/**
 * The admin area's migrations: `admin_audit`, who did what to whom and when (written by
 * `plugins/admin-audit-log.ts`, read newest first by `GET /api/admin/audit`). Rows stay when the
 * target or the admin account is deleted: the emails are kept beside the ids.
 *
 * @example
 * const serverMigrations = { ...gateMigrations, ...adminMigrations };
 */
export const adminMigrations: Record<string, Migration> = {
  '0800_admin_audit': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_audit')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('actor_id', 'text', (column) => column.notNull())
        .addColumn('actor_email', 'text', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull())
        .addColumn('target_user_id', 'text')
        .addColumn('target_email', 'text')
        .addColumn('details', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('admin_audit_created')
        .on('admin_audit')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('admin_audit_target_id')
        .on('admin_audit')
        .columns(['target_user_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('admin_audit').execute();
    },
  },
};
