import type { SqliteSnapshot } from '../db/sqlite-snapshot.js';
import { createDeadlineThread } from '../threads/deadline-thread.js';

/** A snapshot of a SQLite file, taken on a thread of its own. */
export interface BackupThread {
  /** Writes the consistent copy of `from` to the new file `into` (see `snapshotSqlite`). */
  snapshot(request: { from: string; into: string }): Promise<SqliteSnapshot>;
  close(): Promise<void>;
}

// A copy of a multi-gigabyte file takes minutes on a slow disk; past this the thread is
// terminated (and the route removes the partial file) rather than left running unbounded.
const BACKUP_DEADLINE_MS = 30 * 60_000;

/**
 * Starts (lazily) the thread that runs `snapshotSqlite`: `VACUUM INTO` and `integrity_check` are
 * synchronous and as long as the database is big, so they never run on the event loop. One
 * request at a time; the route allows one backup per instance anyway.
 *
 * @example
 * const thread = createBackupThread();
 * await thread.snapshot({ from: '/srv/svc/svc.db', into: '/srv/svc/.backup-x.db' });
 */
export function createBackupThread(): BackupThread {
  const thread = createDeadlineThread<{ from: string; into: string }, SqliteSnapshot>({
    entry: {
      source: new URL('./backup-thread-entry.ts', import.meta.url),
      built: new URL('./backup-thread.js', import.meta.url),
    },
    heapMb: 64,
    maxQueued: 1,
    // Reading the whole file for seconds: the event loop keeps the core when both want it.
    nice: 10,
  });
  return {
    snapshot: (request) => thread.run(request, { deadlineMs: BACKUP_DEADLINE_MS }),
    close: () => thread.close(),
  };
}
