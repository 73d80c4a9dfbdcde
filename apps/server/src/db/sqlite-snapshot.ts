import { closeSync, fsyncSync, openSync, rmSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';

/** What a snapshot wrote. */
export interface SqliteSnapshot {
  bytes: number;
  /** Rows of the copy's `users`, `documents` and `activity_jobs` tables, for the operator's eye. */
  rows: Record<string, number>;
}

/** Why a snapshot failed; `message` is one line for the operator. */
export class SqliteSnapshotError extends Error {
  readonly code: 'SNAPSHOT_SOURCE_UNREADABLE' | 'SNAPSHOT_COPY_CORRUPT';
  constructor(code: SqliteSnapshotError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SqliteSnapshotError';
    this.code = code;
  }
}

/** `svc-20261207T153000Z.db`: a sortable name for a copy, in UTC. */
export function backupFileName(now: Date): string {
  return `svc-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.db`;
}

const COUNTED = ['users', 'documents', 'activity_jobs'];

/**
 * The one implementation of svc's SQLite backup (the `npm run backup` script and
 * `GET /api/admin/backup` both use it): `VACUUM INTO` reads one snapshot of `from` through a
 * read-only connection of its own (a single read transaction; in WAL mode writers are not blocked
 * and the copy holds every transaction committed before it began, none after) into the new file
 * `into`, which is then checked (`PRAGMA integrity_check`) and flushed to disk. On failure `into`
 * is removed. Synchronous and as long as the file is big: the server runs it on a thread
 * (`sqlite-snapshot-thread.ts`).
 *
 * @example
 * const { bytes } = snapshotSqlite({ from: './data/svc.db', into: './data/.backup-1.db' });
 */
export function snapshotSqlite(options: { from: string; into: string }): SqliteSnapshot {
  const { from, into } = options;
  let source: SQLite.Database;
  try {
    source = new SQLite(from, { readonly: true, fileMustExist: true });
    source.pragma('busy_timeout = 10000');
  } catch (error) {
    throw new SqliteSnapshotError('SNAPSHOT_SOURCE_UNREADABLE', `Cannot open ${from}: ${String(error)}`, {
      cause: error,
    });
  }
  try {
    source.prepare('VACUUM INTO ?').run(into);
  } catch (error) {
    rmSync(into, { force: true });
    throw new SqliteSnapshotError('SNAPSHOT_SOURCE_UNREADABLE', `Cannot copy ${from}: ${String(error)}`, {
      cause: error,
    });
  } finally {
    source.close();
  }
  const rows: Record<string, number> = {};
  try {
    const copy = new SQLite(into, { fileMustExist: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok')
        throw new SqliteSnapshotError(
          'SNAPSHOT_COPY_CORRUPT',
          `The copy failed integrity_check: ${String(check)}`,
        );
      for (const table of COUNTED) {
        const exists = copy
          .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
          .get(table);
        // The table names are the constant list above, never input.
        if (exists)
          rows[table] = (copy.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
      }
    } finally {
      copy.close();
    }
    const descriptor = openSync(into, 'r');
    try {
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    rmSync(into, { force: true });
    throw error;
  }
  return { bytes: statSync(into).size, rows };
}
