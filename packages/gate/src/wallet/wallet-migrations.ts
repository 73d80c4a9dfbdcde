import { type Kysely, type Migration, sql } from 'kysely';
import { detectSqlDialect } from '../data/sql-dialect.js';

/**
 * The wallet's tables: `wallets` (one balance row per user) and `wallet_ledger` (append-only,
 * UNIQUE(user_id, idempotency_key)). The ledger id is an identity column so "newest first" is
 * insertion order even when entries share a millisecond; that is the one statement that differs
 * between SQLite and PostgreSQL.
 *
 * @example
 * const migrations = { ...gateMigrations, ...walletMigrations };
 */
export const walletMigrations: Record<string, Migration> = {
  '0002_wallet': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wallets')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('balance', 'bigint', (c) => c.notNull().check(sql`balance >= 0`))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      const postgres = detectSqlDialect(db) === 'postgres';
      await db.schema
        .createTable('wallet_ledger')
        .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
          postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('wallet_ledger_user_key', ['user_id', 'idempotency_key'])
        .execute();
      await db.schema
        .createIndex('wallet_ledger_user_id')
        .on('wallet_ledger')
        .columns(['user_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wallet_ledger').execute();
      await db.schema.dropTable('wallets').execute();
    },
  },
};
