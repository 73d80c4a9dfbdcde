import { mkdirSync, statSync } from 'node:fs';
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
  /**
   * SQLite only: true while the file at `location` is still the one opened at start (same device
   * and inode). Deleting or replacing the file under a running server leaves the process writing
   * to an unlinked inode, so every later write would be lost at restart; readiness reports it.
   */
  isFileIntact?(): boolean;
  /**
   * PostgreSQL only: a new connection of its own, outside the pool and not yet connected, for
   * the broadcast's `LISTEN` (a pooled connection would be handed to other queries).
   */
  openDedicatedClient?(): pg.Client;
  destroy(): Promise<void>;
}

/**
 * A check that the file at `path` is still the one it is now: same device and inode.
 *
 * @example
 * const isFileIntact = watchFileIdentity('/srv/svc/svc.db');
 * isFileIntact(); // false once the file is deleted or replaced
 */
export function watchFileIdentity(path: string): () => boolean {
  const opened = statSync(path);
  return () => {
    try {
      const current = statSync(path);
      return current.ino === opened.ino && current.dev === opened.dev;
    } catch {
      return false;
    }
  };
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
    const connectionString = options.databaseUrl;
    return {
      db,
      dialect: 'postgres',
      location: redactUrl(connectionString),
      openDedicatedClient: () => new pg.Client({ connectionString, keepAlive: true }),
      destroy: () => db.destroy(),
    };
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
  return {
    db,
    dialect: 'sqlite',
    location: file,
    isFileIntact: watchFileIdentity(file),
    destroy: () => db.destroy(),
  };
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
