import { type Kysely, PostgresAdapter, SqliteAdapter } from 'kysely';
import { GateError } from '../errors.js';

/** The SQL dialects the data layer speaks; JSON access and sort keys differ between them. */
export type SqlDialect = 'sqlite' | 'postgres';

/**
 * Tells which dialect a Kysely instance talks to, from its adapter (no driver is imported, so
 * the core stays driver-free). Anything but SQLite or PostgreSQL is refused with
 * `GATE_NOT_CONFIGURED`: the JSON queries are written for those two only.
 *
 * @example
 * detectSqlDialect(new Kysely({ dialect: new SqliteDialect({ database }) })); // 'sqlite'
 */
export function detectSqlDialect(db: Kysely<unknown>): SqlDialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  // A second copy of kysely (a bundler or a mixed CJS/ESM install) fails instanceof; fall back
  // to the class name, which both copies share.
  const name = adapter.constructor.name;
  if (name === 'SqliteAdapter') return 'sqlite';
  if (name === 'PostgresAdapter') return 'postgres';
  throw new GateError('GATE_NOT_CONFIGURED', `The data route supports SQLite and PostgreSQL, not ${name}.`);
}
