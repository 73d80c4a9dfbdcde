import type { Kysely, Migration } from 'kysely';
import { accountDisabledMigrations } from '../auth/account-disabled-migrations.js';
import { emailMigrations } from '../auth/email-migrations.js';
import { membershipMigrations } from '../membership/membership-migrations.js';
import { passkeyMigrations } from '../passkeys/passkey-migrations.js';
import { recoveryMigrations } from '../recovery/recovery-migrations.js';
import { secondFactorMigrations } from '../second-factor/second-factor-migrations.js';
import { ssoMigrations } from '../sso/sso-migrations.js';
import { walletMigrations } from '../wallet/wallet-migrations.js';

/**
 * Versioned migrations for the gate's tables. Written with Kysely's schema builder in the
 * subset SQLite and PostgreSQL share; run them with Kysely's `Migrator` (the server does at start).
 *
 * @example
 * const migrator = new Migrator({ db, provider: { getMigrations: async () => gateMigrations } });
 * await migrator.migrateToLatest();
 */
export const gateMigrations: Record<string, Migration> = {
  '0001_gate_core': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('email_verified_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('verification_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();
      await db.schema
        .createTable('documents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('documents_collection_created')
        .on('documents')
        .columns(['collection', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('documents_collection_owner')
        .on('documents')
        .columns(['collection', 'owner'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['documents', 'api_keys', 'verification_tokens', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  ...walletMigrations,
  ...membershipMigrations,
  ...emailMigrations,
  ...accountDisabledMigrations,
  ...secondFactorMigrations,
  ...recoveryMigrations,
  ...passkeyMigrations,
  ...ssoMigrations,
};
