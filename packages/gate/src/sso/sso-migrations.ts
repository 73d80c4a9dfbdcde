import type { Kysely, Migration } from 'kysely';

/**
 * `0008_external_identities`: who signed in through which OpenID Connect provider, and which
 * accounts a provider sign-in created without a password. One identity per provider and account.
 */
export const ssoMigrations: Record<string, Migration> = {
  '0008_external_identities': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('external_identities')
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email_at_link', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('external_identities_pk', ['provider_id', 'subject'])
        .execute();
      await db.schema
        .createIndex('external_identities_user_provider')
        .on('external_identities')
        .columns(['user_id', 'provider_id'])
        .unique()
        .execute();
      await db.schema
        .createTable('passwordless_accounts')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('placeholder_password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passwordless_accounts').execute();
      await db.schema.dropTable('external_identities').execute();
    },
  },
};
