import type { Kysely, Migration } from 'kysely';

/**
 * `0007_passkeys`: the WebAuthn credentials people register (`passkey_credentials`) and the
 * challenges handed out for a registration or a sign-in (`passkey_challenges`, stored as SHA-256
 * hashes, short-lived and single-use, in the database so any instance can finish a ceremony).
 *
 * @example
 * const gateMigrations = { ...accountDisabledMigrations, ...passkeyMigrations };
 */
export const passkeyMigrations: Record<string, Migration> = {
  '0007_passkeys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkey_credentials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('device_type', 'text', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('passkey_credentials_user_id')
        .on('passkey_credentials')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('passkey_challenges_expires_at')
        .on('passkey_challenges')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passkey_challenges').execute();
      await db.schema.dropTable('passkey_credentials').execute();
    },
  },
};
