import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A user's outgoing webhooks. Kept in their own table, not in `documents`, so the data route
 * can never read a secret back: only the integrations routes reach it, and they answer the
 * secret once, on creation.
 */
export interface UserIntegrationsTable {
  id: string;
  owner: string;
  /** Unique per owner; the capability is `integrations.<name>`. */
  name: string;
  url: string;
  /** `whsec_<base64 key>` (Standard Webhooks). */
  secret: string;
  created_at: number;
}

/** The tables the integrations area adds to the server's database. */
export interface IntegrationsDatabase {
  user_integrations: UserIntegrationsTable;
}

/**
 * The integrations area's migrations: `user_integrations`, one row per webhook, unique by
 * owner and name.
 *
 * @example
 * const serverMigrations = { ...gateMigrations, ...integrationMigrations };
 */
export const integrationMigrations: Record<string, Migration> = {
  '0300_user_integrations': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_integrations')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('owner', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('url', 'text', (column) => column.notNull())
        .addColumn('secret', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('user_integrations_owner_name')
        .on('user_integrations')
        .columns(['owner', 'name'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists user_integrations`.execute(db);
    },
  },
};
