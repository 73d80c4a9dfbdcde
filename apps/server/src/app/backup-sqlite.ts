import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import {
  backupFileName,
  type SqliteSnapshot,
  SqliteSnapshotError,
  snapshotSqlite,
} from '../db/sqlite-snapshot.js';

/** What a backup wrote. */
export interface BackupSummary {
  /** The copy's absolute path. */
  file: string;
  bytes: number;
  /** Rows of the copy's `documents`, `users` and `activity_jobs` tables, for the operator's eye. */
  rows: Record<string, number>;
  durationMs: number;
}

/** Why a backup was refused or failed; `message` is one line for the operator. */
export class BackupError extends Error {
  readonly code:
    | 'BACKUP_BAD_ARGUMENTS'
    | 'BACKUP_SOURCE_UNREADABLE'
    | 'BACKUP_TARGET_EXISTS'
    | 'BACKUP_COPY_CORRUPT';
  constructor(code: BackupError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
    this.code = code;
  }
}

export { backupFileName };

/**
 * Takes a consistent copy of svc's SQLite file while the server keeps running: the one snapshot
 * (`snapshotSqlite` in `db/sqlite-snapshot.ts`: `VACUUM INTO`, `PRAGMA integrity_check`, fsync)
 * into a temporary file beside the target, which is then renamed into place,
 * so a crash or a full disk never leaves a half-written file under the final name. `to` may be a
 * directory (the copy is named {@link backupFileName}). An existing file is never overwritten.
 *
 * @example
 * const summary = backupSqlite({ from: './data/svc.db', to: '/backups/' });
 */
export function backupSqlite(options: { from: string; to: string; now?: Date }): BackupSummary {
  const started = performance.now();
  const from = resolve(options.from);
  if (!existsSync(from)) throw new BackupError('BACKUP_SOURCE_UNREADABLE', `No database file at ${from}.`);
  let target = resolve(options.to);
  if (existsSync(target) && statSync(target).isDirectory())
    target = join(target, backupFileName(options.now ?? new Date()));
  if (existsSync(target))
    throw new BackupError('BACKUP_TARGET_EXISTS', `${target} exists; choose a new name.`);
  if (!existsSync(dirname(target)))
    throw new BackupError('BACKUP_BAD_ARGUMENTS', `The directory ${dirname(target)} does not exist.`);
  const partial = join(dirname(target), `.${basename(target)}.partial`);
  rmSync(partial, { force: true });
  let snapshot: SqliteSnapshot;
  try {
    snapshot = snapshotSqlite({ from, into: partial });
  } catch (error) {
    if (!(error instanceof SqliteSnapshotError)) throw error;
    const code = error.code === 'SNAPSHOT_COPY_CORRUPT' ? 'BACKUP_COPY_CORRUPT' : 'BACKUP_SOURCE_UNREADABLE';
    throw new BackupError(code, error.message, { cause: error });
  }
  if (existsSync(target)) {
    rmSync(partial, { force: true });
    throw new BackupError('BACKUP_TARGET_EXISTS', `${target} appeared meanwhile; choose a new name.`);
  }
  renameSync(partial, target);
  return {
    file: target,
    bytes: snapshot.bytes,
    rows: snapshot.rows,
    durationMs: Math.round(performance.now() - started),
  };
}
