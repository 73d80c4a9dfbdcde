import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';

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

/** `svc-20261207T153000Z.db`: a sortable name for a copy written into a directory. */
export function backupFileName(now: Date): string {
  return `svc-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.db`;
}

const COUNTED = ['users', 'documents', 'activity_jobs'];

/**
 * Takes a consistent copy of svc's SQLite file while the server keeps running: `VACUUM INTO`
 * reads one snapshot (a single read transaction; in WAL mode writers are not blocked and the copy
 * holds every transaction committed before it began, none after), into a temporary file beside the
 * target, which is then checked (`PRAGMA integrity_check`), flushed to disk and renamed into place,
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
  let source: SQLite.Database;
  try {
    source = new SQLite(from, { readonly: true, fileMustExist: true });
    source.pragma('busy_timeout = 10000');
  } catch (error) {
    throw new BackupError('BACKUP_SOURCE_UNREADABLE', `Cannot open ${from}: ${String(error)}`, {
      cause: error,
    });
  }
  try {
    source.prepare('VACUUM INTO ?').run(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError('BACKUP_SOURCE_UNREADABLE', `Cannot copy ${from}: ${String(error)}`, {
      cause: error,
    });
  } finally {
    source.close();
  }
  const rows: Record<string, number> = {};
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new BackupError('BACKUP_COPY_CORRUPT', `The copy failed integrity_check: ${String(check)}`);
    for (const table of COUNTED) {
      const exists = copy.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table);
      // The table names are the constant list above, never input.
      if (exists)
        rows[table] = (copy.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
    }
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  const descriptor = openSync(partial, 'r');
  fsyncSync(descriptor);
  closeSync(descriptor);
  if (existsSync(target)) {
    rmSync(partial, { force: true });
    throw new BackupError('BACKUP_TARGET_EXISTS', `${target} appeared meanwhile; choose a new name.`);
  }
  renameSync(partial, target);
  return {
    file: target,
    bytes: statSync(target).size,
    rows,
    durationMs: Math.round(performance.now() - started),
  };
}
