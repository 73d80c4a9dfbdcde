import type { Kysely, Migration } from 'kysely';

/**
 * `users.disabled_at`: when an admin disabled the account, null while it is enabled. Every
 * existing account stays enabled.
 *
 * @example
 * const gateMigrations = { ...emailMigrations, ...accountDisabledMigrations };
 */
export const accountDisabledMigrations: Record<string, Migration> = {
  '0004_account_disabled': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('disabled_at').execute();
    },
  },
};
