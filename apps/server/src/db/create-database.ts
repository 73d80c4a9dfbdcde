import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GateDatabase } from '@svc/gate';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

/** The database the server runs on, with its kind for the few places that differ. */
export interface Database {
  db: Kysely<GateDatabase>;
  dialect: 'sqlite' | 'postgres';
  /** Where it lives, for logs: a file path or the URL with any password removed. */
  location: string;
  destroy(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Opens PostgreSQL when a `postgres://` URL is given, otherwise the embedded SQLite file
 * `<dataDir>/svc.db` in WAL mode.
 *
 * @example
 * const { db, destroy } = createDatabase({ dataDir: './data' });
 */
export function createDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  poolSize?: number;
}): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new Kysely<GateDatabase>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', location: redactUrl(options.databaseUrl), destroy: () => db.destroy() };
  }
  const dir = resolve(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'svc.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<GateDatabase>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', location: file, destroy: () => db.destroy() };
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running the small
 * queries of the request path. Statements are reusable and run synchronously, so one per SQL
 * text serves every caller. Bounded, oldest dropped first; cleared when the database closes.
 */
function withStatementCache(sqlite: SQLite.Database, limit = 500): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') {
        return (sql: string) => {
          let statement = statements.get(sql);
          if (statement === undefined) {
            statement = target.prepare(sql);
            if (statements.size >= limit) statements.delete(statements.keys().next().value as string);
            statements.set(sql, statement);
          }
          return statement;
        };
      }
      if (property === 'close') {
        return () => {
          statements.clear();
          return target.close();
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}
