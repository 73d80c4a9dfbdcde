import type { Kysely, Migration } from 'kysely';

/**
 * The membership module's tables; merged into `gateMigrations`. Same conventions as the core:
 * epoch-ms bigints, 0/1 integers, one schema for SQLite and PostgreSQL.
 *
 * @example
 * const migrations = { ...gateMigrations, ...membershipMigrations };
 */
export const membershipMigrations: Record<string, Migration> = {
  '0002_membership': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('memberships')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('plan', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text')
        .addColumn('subscription_id', 'text')
        .addColumn('current_period_end', 'bigint')
        .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('memberships_customer_id')
        .on('memberships')
        .column('customer_id')
        .execute();
      await db.schema
        .createTable('payment_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('token_pack_purchases')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('pack', 'text', (c) => c.notNull())
        .addColumn('tokens', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['token_pack_purchases', 'payment_events', 'memberships']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
};
