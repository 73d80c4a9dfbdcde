import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { createDatabase } from '../db/create-database.js';
import { CopyDatabaseError } from './copy-database-error.js';
import { migrateToLatest, serverMigrations } from './server-migrations.js';

/** Kysely's own bookkeeping: never copied (the target records its own migrations). */
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];
/**
 * The leases of processes running on the source (`db/instance-lease.ts`), not data: never copied.
 * A copied fresh lease would make the first server on the target run under a suffixed name.
 */
export const PROCESS_TABLES = ['server_instances'];

/** An svc SQLite file opened read-only for the copy, at the build's schema version. */
export interface SqliteCopySource {
  /** Migrations applied to a temporary copy because the file was older than the build. */
  migrated: string[];
  /** True when a `-wal` file was beside the source: a server may still be running on it. */
  walPresent: boolean;
  /** The tables to copy, by name. */
  readTables(): string[];
  /** The columns of `table`, in declaration order. */
  readColumns(table: string): string[];
  /** The rows of `table`, lazily (integers as bigints, exactly), as value arrays in `columns` order. */
  iterateRows(table: string, columns: string[]): IterableIterator<unknown[]>;
  close(): void;
}

/**
 * Opens the svc SQLite file at `path` read-only. A file whose migrations are older than the
 * build is first copied (SQLite's online backup, so a `-wal` file's content is included) into a
 * temporary directory under `os.tmpdir()`, and the copy is migrated; the operator's file is never
 * written. A file migrated by a newer svc, or not an svc database, is refused.
 *
 * @example
 * const source = await openSqliteCopySource('./data/svc.db');
 * for (const table of source.readTables()) console.log(table);
 */
export async function openSqliteCopySource(path: string): Promise<SqliteCopySource> {
  const original = openReadOnly(path);
  const pending = readPendingMigrations(original, path);
  const walPresent = existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0;
  if (pending.length === 0) return toSource(original, [], walPresent, () => {});
  const dir = mkdtempSync(join(tmpdir(), 'svc-copy-'));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    await original.backup(join(dir, 'svc.db'));
    original.close();
    const copy = createDatabase({ dataDir: dir });
    let migrated: string[];
    try {
      migrated = await migrateToLatest(copy.db);
    } finally {
      await copy.destroy();
    }
    return toSource(openReadOnly(join(dir, 'svc.db')), migrated, walPresent, cleanUp);
  } catch (error) {
    if (original.open) original.close();
    cleanUp();
    throw error;
  }
}

function openReadOnly(path: string): SQLite.Database {
  if (!existsSync(path))
    throw new CopyDatabaseError('COPY_SOURCE_UNREADABLE', `The SQLite file ${path} does not exist.`);
  if (statSync(path).isDirectory())
    throw new CopyDatabaseError(
      'COPY_SOURCE_UNREADABLE',
      `${path} is a directory: give the database file, e.g. ${join(path, 'svc.db')}.`,
    );
  try {
    const sqlite = new SQLite(path, { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    sqlite.prepare('select count(*) from sqlite_master').get();
    return sqlite;
  } catch (error) {
    throw new CopyDatabaseError(
      'COPY_SOURCE_UNREADABLE',
      `Could not read the SQLite file ${path}: ${error instanceof Error ? error.message : String(error)}.`,
      { cause: error },
    );
  }
}

/** The build's migrations the file has not applied; refuses a file with migrations the build lacks. */
function readPendingMigrations(sqlite: SQLite.Database, path: string): string[] {
  const table = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!table) {
    sqlite.close();
    throw new CopyDatabaseError(
      'COPY_SOURCE_NOT_SVC',
      `${path} is a SQLite database but not an svc one (it has no kysely_migration table).`,
    );
  }
  const applied = sqlite.prepare('select name from kysely_migration').pluck().all() as string[];
  const unknown = applied.filter((name) => !(name in serverMigrations));
  if (unknown.length > 0) {
    sqlite.close();
    throw new CopyDatabaseError(
      'COPY_SOURCE_NEWER',
      `${path} was migrated by a newer svc (${unknown.join(', ')} unknown to this build): run the copy command of that version.`,
    );
  }
  return Object.keys(serverMigrations).filter((name) => !applied.includes(name));
}

function toSource(
  sqlite: SQLite.Database,
  migrated: string[],
  walPresent: boolean,
  cleanUp: () => void,
): SqliteCopySource {
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  // One read transaction for the whole copy: every table is read from the same snapshot.
  sqlite.exec('begin');
  return {
    migrated,
    walPresent,
    readTables() {
      const names = sqlite
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'",
        )
        .pluck()
        .all() as string[];
      return names
        .filter((name) => !MIGRATION_TABLES.includes(name) && !PROCESS_TABLES.includes(name))
        .sort();
    },
    readColumns(table) {
      const rows = sqlite.prepare(`pragma table_info(${quote(table)})`).all() as Array<{ name: string }>;
      return rows.map((row) => row.name);
    },
    iterateRows(table, columns) {
      const statement = sqlite
        .prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)}`)
        .raw(true)
        .safeIntegers(true);
      return statement.iterate() as IterableIterator<unknown[]>;
    },
    close() {
      if (sqlite.open) {
        if (sqlite.inTransaction) sqlite.exec('rollback');
        sqlite.close();
      }
      cleanUp();
    },
  };
}
