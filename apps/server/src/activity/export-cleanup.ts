import type { Kysely } from 'kysely';
import type { ActivityDatabase } from './activity-migrations.js';
import { BOOK_COLLECTION } from './book-export.js';
import type { FileStorage } from './file-storage.js';

/** Where every book's PDFs live: `activity-books/<bookId>/<jobId>.pdf`. */
export const BOOK_FILES_FOLDER = 'activity-books';

type CleanupDatabase = ActivityDatabase & {
  documents: { id: string; collection: string; owner: string };
  users: { id: string };
};

/** What a clean-up removed. */
export interface CleanupReport {
  jobs: number;
  files: number;
}

/**
 * Keeps exported PDFs and export jobs from outliving their book. Books are documents of
 * `activity_books`, which any route of the data layer may delete, so the gate's `dataEvents`
 * calls {@link ExportCleanup.removeBookExports} whichever route deleted one, and the server runs
 * {@link ExportCleanup.sweep} at start for whatever that missed (a crash, a book deleted by hand,
 * a deleted user).
 */
export interface ExportCleanup {
  /** Deletes every job of `bookId` and every file in its folder. */
  removeBookExports(bookId: string): Promise<CleanupReport>;
  /**
   * Deletes the jobs of books that no longer exist or whose owner no longer exists, then every
   * file under `activity-books/` that no job holds: kept are the files of jobs that are done
   * (`file_key`) and those being written by an active (queued or running) job.
   */
  sweep(): Promise<CleanupReport>;
  /** For a build whose job vanished while it ran: deletes its file unless a job still holds it. */
  discardIfOrphaned(job: { id: string }, fileKey: string): Promise<boolean>;
}

/** Ids per `in (…)` list, well under both databases' parameter limits. */
const CHUNK = 500;

function bookFolderOf(bookId: string): string | undefined {
  // Books get UUIDs; an id outside the key pattern cannot have a folder.
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(bookId) ? `${BOOK_FILES_FOLDER}/${bookId}` : undefined;
}

/**
 * Creates the clean-up over the server's database and file storage (SQLite or PostgreSQL).
 *
 * @example
 * const cleanup = createExportCleanup({ db: database.db, storage });
 * await cleanup.sweep(); // at start
 */
export function createExportCleanup<DB>(options: { db: Kysely<DB>; storage: FileStorage }): ExportCleanup {
  const db = options.db as unknown as Kysely<CleanupDatabase>;
  const { storage } = options;

  async function deleteFiles(keys: Iterable<string>): Promise<number> {
    let count = 0;
    for (const key of keys) {
      await storage.delete(key);
      count++;
    }
    return count;
  }

  return {
    async removeBookExports(bookId) {
      const deleted = await db.deleteFrom('activity_jobs').where('book_id', '=', bookId).executeTakeFirst();
      const folder = bookFolderOf(bookId);
      const files = folder ? await deleteFiles(await storage.list(folder)) : 0;
      return { jobs: Number(deleted.numDeletedRows), files };
    },

    async sweep() {
      const orphaned = await db
        .selectFrom('activity_jobs')
        .select('id')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('documents')
                .select('documents.id')
                .whereRef('documents.id', '=', 'activity_jobs.book_id')
                .where('documents.collection', '=', BOOK_COLLECTION)
                .where(({ exists: ownerExists, selectFrom: fromUsers }) =>
                  ownerExists(
                    fromUsers('users').select('users.id').whereRef('users.id', '=', 'documents.owner'),
                  ),
                ),
            ),
          ),
        )
        .execute();
      let jobs = 0;
      for (let start = 0; start < orphaned.length; start += CHUNK) {
        const ids = orphaned.slice(start, start + CHUNK).map((row) => row.id);
        const deleted = await db.deleteFrom('activity_jobs').where('id', 'in', ids).executeTakeFirst();
        jobs += Number(deleted.numDeletedRows);
      }

      // Listed before the holders are read: with several instances on one bucket another one may
      // finish an export meanwhile. Every listed object was written before its job was read
      // here, so that job is seen running (writing) or done (holding the key); read the other way
      // round, a file written between the two reads would look unheld and be deleted.
      const stored = await storage.list(BOOK_FILES_FOLDER);
      const holders = await db
        .selectFrom('activity_jobs')
        .select(['id', 'book_id', 'status', 'file_key'])
        .where((eb) => eb.or([eb('file_key', 'is not', null), eb('status', 'in', ['queued', 'running'])]))
        .execute();
      const heldKeys = new Set(holders.flatMap((job) => (job.file_key ? [job.file_key] : [])));
      const writing = new Map(
        holders
          .filter((job) => job.status === 'queued' || job.status === 'running')
          .map((job) => [job.id, job.book_id]),
      );
      const stale = stored.filter((key) => {
        if (heldKeys.has(key)) return false;
        // activity-books/<bookId>/<jobId>.pdf, or a temporary file `<jobId>.pdf.<random>.tmp` of a
        // write in progress (kept while its job is active: another process may be writing it).
        const [, bookId, name = ''] = key.split('/');
        const jobId = name.split('.')[0] ?? '';
        return writing.get(jobId) !== bookId;
      });
      return { jobs, files: await deleteFiles(stale) };
    },

    async discardIfOrphaned(job, fileKey) {
      const row = await db
        .selectFrom('activity_jobs')
        .select('id')
        .where('id', '=', job.id)
        .executeTakeFirst();
      if (row) return false;
      await storage.delete(fileKey);
      return true;
    },
  };
}
