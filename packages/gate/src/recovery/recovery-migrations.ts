import type { Kysely, Migration } from 'kysely';

/**
 * Issue 27, recovery: what a person sees of their sessions (`last_seen_at`, written at most once a
 * minute per session; `client_address`, the address that signed in) and an index for the reset
 * tokens' per-account limits (`verification_tokens` by user and purpose).
 *
 * @example
 * const gateMigrations = { ...otherMigrations, ...recoveryMigrations };
 */
export const recoveryMigrations: Record<string, Migration> = {
  '0005_session_details_and_reset': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
      await db.schema.alterTable('sessions').addColumn('client_address', 'text').execute();
      await db.schema
        .createIndex('verification_tokens_user_purpose')
        .on('verification_tokens')
        .columns(['user_id', 'purpose', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('verification_tokens_user_purpose').execute();
      await db.schema.alterTable('sessions').dropColumn('client_address').execute();
      await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
    },
  },
};
