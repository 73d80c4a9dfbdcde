import type { Kysely, Migration } from 'kysely';

/**
 * The auth area's migrations: `login_attempts`, the per-account login throttle of instances that
 * share one PostgreSQL without Redis (`account` is the SHA-256 of the normalised email; `known`
 * the JSON of the addresses that signed in, with when).
 *
 * @example
 * const serverMigrations = { ...gateMigrations, ...authMigrations };
 */
export const authMigrations: Record<string, Migration> = {
  '0700_login_attempts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_attempts')
        .addColumn('account', 'text', (column) => column.primaryKey())
        .addColumn('failures', 'integer', (column) => column.notNull())
        .addColumn('last_failure_at', 'bigint', (column) => column.notNull())
        .addColumn('known', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('login_attempts').execute();
    },
  },
};
