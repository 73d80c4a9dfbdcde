import type { Selectable } from 'kysely';
import type { ActivityJobsTable, JobStatus } from './activity-migrations.js';

/** A stored job row. */
export type ActivityJobRow = Selectable<ActivityJobsTable>;

/** A job as the API shows it to its owner (no claim ids, storage keys or owner ids). */
export interface ActivityJob {
  id: string;
  bookId: string;
  status: JobStatus;
  attempts: number;
  /** 0–100 while running; 100 when done. */
  progress: number;
  /** PDF pages drawn so far (title page and answer keys count); null until the build reports. */
  pagesDone: number | null;
  /** PDF pages the book will have; null until the build reports. */
  pagesTotal: number | null;
  /** Why the export failed (`status: 'error'`), else null. */
  error: string | null;
  /** Bytes of the PDF once done, else null. */
  fileSize: number | null;
  watermarked: boolean;
  createdAt: number;
  updatedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/**
 * The public view of a job row.
 *
 * @example
 * reply.status(202).send({ job: toActivityJob(row) });
 */
export function toActivityJob(row: ActivityJobRow): ActivityJob {
  return {
    id: row.id,
    bookId: row.book_id,
    status: row.status,
    attempts: row.attempts,
    progress: row.progress,
    pagesDone: row.pages_done === null ? null : Number(row.pages_done),
    pagesTotal: row.pages_total === null ? null : Number(row.pages_total),
    error: row.error,
    fileSize: row.file_size,
    watermarked: row.watermark !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
