import { join, resolve } from 'node:path';
import type { Clock, DataEvents } from '@svc/gate';
import type { Kysely } from 'kysely';
import type { S3StorageConfig } from '../config/storage-config.js';
import type { ServerEvents } from '../events/server-events.js';
import {
  BOOK_COLLECTION,
  createBookExporter,
  describeExportError,
  isPermanentExportError,
  isStorageOutage,
} from './book-export.js';
import { createExportCleanup, type ExportCleanup } from './export-cleanup.js';
import type { FileStorage } from './file-storage.js';
import { createJobStore, type JobStore } from './job-store.js';
import { createJobWorker, type JobWorker, type WorkerLog } from './job-worker.js';
import { createLocalFileStorage } from './local-file-storage.js';
import { createS3FileStorage } from './s3-file-storage.js';

/** Tuning of the activity area (all optional; `buildServer` takes them as `activity`). */
export interface ActivityOptions {
  /** Run the export worker in this process (default true). Jobs still queue without it. */
  worker?: boolean;
  /** Idle poll interval of the worker; default 500 ms. */
  pollIntervalMs?: number;
  /** Lease of a running job; default 60 s. */
  leaseMs?: number;
  /** Claims before a job is given up; default 3. */
  maxAttempts?: number;
  /** The longest wait between export attempts while the file storage is down; default 30 s. */
  outageRetryMaxMs?: number;
  /** Where PDFs go; default the bucket of `SVC_S3_*` when set, else the local disk under `<dataDir>/files`. */
  storage?: FileStorage;
  /** Heap limit (MiB) of the worker thread that builds one book; default 256. */
  exportHeapMb?: number;
  /** Least time between two writes of a running export's page progress; default 250 ms. */
  progressIntervalMs?: number;
}

/** The activity area's infrastructure, shared by its routes and the server's lifecycle hooks. */
export interface ActivityServices {
  storage: FileStorage;
  /** `s3` (the bucket of `SVC_S3_*`), `local` (`<dataDir>/files`) or `given` (`options.storage`). */
  storageKind: 's3' | 'local' | 'given';
  /** Checks the storage at start (HeadBucket for S3; nothing otherwise); rejects with the reason. */
  checkStorage(): Promise<void>;
  /** Releases the storage's connections (on close). */
  closeStorage(): void;
  jobs: JobStore;
  worker: JobWorker;
  /** Whether this process runs the worker (`onReady` starts it only then). */
  runsWorker: boolean;
  /** Removes the exports of deleted books (see {@link ExportCleanup}); `sweep()` runs at start. */
  cleanup: ExportCleanup;
  /** Pass to `createGate({ dataEvents })`: a book deleted through any route loses its jobs and files. */
  dataEvents: DataEvents;
}

/** The job store, emitting `activity.export.finished` for each job it records as done or failed. */
function withFinishEvents(store: JobStore, events: ServerEvents | undefined): JobStore {
  if (events === undefined) return store;
  return {
    ...store,
    async finish(job, outcome) {
      const recorded = await store.finish(job, outcome);
      if (recorded && (outcome.status === 'done' || outcome.status === 'error'))
        events.emit('activity.export.finished', {
          owner: job.owner,
          bookId: job.book_id,
          jobId: job.id,
          status: outcome.status,
        });
      return recorded;
    },
  };
}

/**
 * Composes the file storage, the job store and the export worker over the server's database.
 *
 * @example
 * const activity = createActivityServices({ db: database.db, dataDir: config.dataDir, clock, log: app.log });
 * app.addHook('onReady', async () => activity.worker.start());
 */
export function createActivityServices<DB>(input: {
  db: Kysely<DB>;
  dataDir: string;
  /** `SVC_S3_*`: PDFs go to this bucket instead of the local disk. */
  s3?: S3StorageConfig | undefined;
  clock: Clock;
  log: WorkerLog;
  options?: ActivityOptions | undefined;
  /** Told `activity.export.finished` when an export job ends. */
  events?: ServerEvents;
  /** The database's kind: PostgreSQL claims jobs with `FOR UPDATE SKIP LOCKED`. */
  dialect?: 'sqlite' | 'postgres';
}): ActivityServices {
  const options = input.options ?? {};
  const s3 =
    options.storage === undefined && input.s3 !== undefined ? createS3FileStorage(input.s3) : undefined;
  const storage =
    options.storage ?? s3 ?? createLocalFileStorage({ root: join(resolve(input.dataDir), 'files') });
  const storageKind = options.storage !== undefined ? 'given' : s3 !== undefined ? 's3' : 'local';
  const jobs = withFinishEvents(
    createJobStore({
      db: input.db,
      clock: input.clock,
      ...(input.dialect ? { dialect: input.dialect } : {}),
    }),
    input.events,
  );
  const cleanup = createExportCleanup({ db: input.db, storage });
  const worker = createJobWorker({
    store: jobs,
    run: createBookExporter({ db: input.db, storage, heapMb: options.exportHeapMb }),
    async afterDone(job) {
      for (const key of await jobs.takeSupersededFiles(job.book_id, job.id)) await storage.delete(key);
    },
    async afterDropped(job, file) {
      if (await cleanup.discardIfOrphaned(job, file.fileKey)) {
        input.log.info({ jobId: job.id }, 'activity export of a deleted book discarded');
      }
    },
    isPermanent: isPermanentExportError,
    isOutage: isStorageOutage,
    describeError: describeExportError,
    log: input.log,
    ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
    ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    ...(options.outageRetryMaxMs === undefined ? {} : { outageRetryMaxMs: options.outageRetryMaxMs }),
    ...(options.progressIntervalMs === undefined ? {} : { progressIntervalMs: options.progressIntervalMs }),
  });
  const dataEvents: DataEvents = {
    async documentDeleted(document) {
      if (document.collection !== BOOK_COLLECTION) return;
      // The book is gone whatever happens here; a failure is logged and the next start's sweep retries.
      try {
        const removed = await cleanup.removeBookExports(document.id);
        if (removed.jobs + removed.files > 0) {
          input.log.info({ bookId: document.id, ...removed }, 'exports of a deleted book removed');
        }
      } catch (error) {
        input.log.error(
          { err: error, bookId: document.id },
          'exports of a deleted book could not be removed',
        );
      }
    },
  };
  return {
    storage,
    storageKind,
    checkStorage: async () => s3?.check(),
    closeStorage: () => s3?.close(),
    jobs,
    worker,
    runsWorker: options.worker ?? true,
    cleanup,
    dataEvents,
  };
}
