import { isActivityError, type TrimName } from '@svc/activity-core';
import type { Kysely } from 'kysely';
import { isServerError, ServerError } from '../errors/server-error.js';
import { buildBookInThread } from './book-build-thread.js';
import type { FileStorage } from './file-storage.js';
import type { ClaimedJob } from './job-store.js';
import type { JobControl } from './job-worker.js';

/** Collections the activity area stores pages and books in (through the gate's data layer). */
export const PAGE_COLLECTION = 'activity_pages';
export const BOOK_COLLECTION = 'activity_books';

/** A saved book's own fields (see the book route's schema). */
export interface BookFields {
  title: string;
  subtitle?: string;
  author?: string;
  trim: TrimName;
  pageIds: string[];
  options?: { bleed?: boolean; largePrint?: boolean; includeKeys?: boolean };
}

interface DocumentRow {
  owner: string;
  body: string;
}

type DocumentsDatabase = { documents: { id: string; collection: string; owner: string; body: string } };

/** The JSON body of a document of `owner`, unparsed; undefined when missing or someone else's. */
async function readOwnBody(db: Kysely<DocumentsDatabase>, collection: string, id: string, owner: string) {
  const row: DocumentRow | undefined = await db
    .selectFrom('documents')
    .select(['owner', 'body'])
    .where('collection', '=', collection)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && row.owner === owner ? row.body : undefined;
}

/**
 * Where a job's PDF is stored.
 *
 * @example
 * toBookFileKey(job); // 'activity-books/<bookId>/<jobId>.pdf'
 */
export function toBookFileKey(job: { book_id: string; id: string }): string {
  return `activity-books/${job.book_id}/${job.id}.pdf`;
}

/**
 * Creates the runner of book export jobs: reads the book and its pages as they are now (still
 * owned by the job's owner), draws the PDF on a worker thread with a capped heap
 * ({@link buildBookInThread}) with the watermark decided at enqueue time, stores it and returns
 * its key. A book or page deleted since, or a page the core rejects, fails the job
 * for good (no retry could fix it).
 *
 * @example
 * const worker = createJobWorker({ store, run: createBookExporter({ db, storage }), … });
 */
export function createBookExporter<DB>(options: {
  db: Kysely<DB>;
  storage: FileStorage;
  /** Heap limit of the thread that builds a book (MiB); default `DEFAULT_EXPORT_HEAP_MB`. */
  heapMb?: number | undefined;
}) {
  const db = options.db as unknown as Kysely<DocumentsDatabase>;
  return async function exportBook(job: ClaimedJob, control: JobControl) {
    const bookBody = await readOwnBody(db, BOOK_COLLECTION, job.book_id, job.owner);
    if (!bookBody) throw new ServerError('ACT_EXPORT_FAILED', 'The book no longer exists.');
    const book = JSON.parse(bookBody) as BookFields;
    // The data route can patch a book into any shape; only the book route checks it.
    if (!Array.isArray(book.pageIds) || !book.pageIds.every((id) => typeof id === 'string')) {
      throw new ServerError('ACT_EXPORT_FAILED', 'The book has no valid list of page ids.');
    }
    // Page bodies stay JSON text: the thread parses them, so 400 pages of 80×80 mazes (millions
    // of small arrays) are neither parsed nor structured-cloned on the event loop.
    const pageTexts: string[] = [];
    for (const [index, pageId] of book.pageIds.entries()) {
      const body = await readOwnBody(db, PAGE_COLLECTION, pageId, job.owner);
      if (!body) {
        throw new ServerError('ACT_EXPORT_FAILED', `Page ${index + 1} (${pageId}) no longer exists.`);
      }
      pageTexts.push(body);
    }
    const args = {
      title: book.title,
      trim: book.trim,
      pageTexts,
      ...(book.subtitle === undefined ? {} : { subtitle: book.subtitle }),
      ...(book.author === undefined ? {} : { author: book.author }),
      options: { ...book.options, ...(job.watermark ? { watermark: job.watermark } : {}) },
    };
    const bytes = await buildBookInThread(args, {
      signal: control.signal,
      onProgress: (done, total) => control.reportProgress(done, total),
      heapMb: options.heapMb,
    });
    const fileKey = toBookFileKey(job);
    await options.storage.put(fileKey, bytes);
    return { fileKey, fileSize: bytes.byteLength };
  };
}

/**
 * Failures of an export that a retry cannot fix.
 *
 * @example
 * createJobWorker({ isPermanent: isPermanentExportError, … });
 */
export function isPermanentExportError(error: unknown): boolean {
  // An object-storage outage passes: the job waits for the storage (see isStorageOutage).
  if (isServerError(error, 'ACT_STORAGE_UNAVAILABLE')) return false;
  return isActivityError(error) || isServerError(error, 'ACT_');
}

/**
 * An export that failed because the file storage is down (`ACT_STORAGE_UNAVAILABLE`): the job
 * waits in the queue for the storage, using no attempt, instead of failing.
 *
 * @example
 * createJobWorker({ isOutage: isStorageOutage, … });
 */
export function isStorageOutage(error: unknown): boolean {
  return isServerError(error, 'ACT_STORAGE_UNAVAILABLE');
}

/**
 * The message stored on a failed job: the activity errors' own (written for users), else a generic one.
 *
 * @example
 * describeExportError(new Error('EACCES: /data/files')); // 'The PDF could not be built because of an internal error; …'
 */
export function describeExportError(error: unknown): string {
  if (isActivityError(error) || isServerError(error, 'ACT_')) return error.message.slice(0, 500);
  return 'The PDF could not be built because of an internal error; try exporting again later.';
}
