import { type Kysely, type Migration, sql } from 'kysely';

/** Statuses a job can be in; `queued` and `running` are the active ones. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'error'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The export jobs table, in the subset SQLite and PostgreSQL share (epoch-ms bigints, text).
 * A partial unique index allows one active (queued or running) job per book, so two concurrent
 * export requests cannot queue the same book twice.
 */
export interface ActivityJobsTable {
  id: string;
  book_id: string;
  /** The user who asked for the export (the book's owner). */
  owner: string;
  status: JobStatus;
  /** Claims so far; a claim by a process that died counts, a graceful shutdown does not. */
  attempts: number;
  /** 0–100, written with the heartbeat and with each recorded page while running. */
  progress: number;
  /** PDF pages drawn so far while running (the total once done); null until the build reports. */
  pages_done: number | null;
  /** PDF pages the book will have (title, puzzles, answer keys); null until the build reports. */
  pages_total: number | null;
  /** A message safe to show the owner, when `status` is `error`. */
  error: string | null;
  file_key: string | null;
  file_size: number | null;
  /** The watermark decided when the job was queued (from the owner's membership then), or null. */
  watermark: string | null;
  /** A fresh id per claim: only the worker holding it may heartbeat, finish or release the job. */
  claim_id: string | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Refreshed by the running worker; a running job whose heartbeat is older than the lease is abandoned. */
  heartbeat_at: number | null;
}

/** The tables the activity area adds to the server's database. */
export interface ActivityDatabase {
  activity_jobs: ActivityJobsTable;
}

/**
 * The server's own migrations for the activity area. Named `0100_…` so they sort after the
 * gate's; the migrator allows unordered migrations, so a later gate migration (`0002_…`) still
 * applies on a database that already ran this one.
 *
 * @example
 * const serverMigrations = { ...gateMigrations, ...activityMigrations };
 */
export const activityMigrations: Record<string, Migration> = {
  '0100_activity_jobs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('activity_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('book_id', 'text', (c) => c.notNull())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('file_key', 'text')
        .addColumn('file_size', 'bigint')
        .addColumn('watermark', 'text')
        .addColumn('claim_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('heartbeat_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('activity_jobs_status_created')
        .on('activity_jobs')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('activity_jobs_book_created')
        .on('activity_jobs')
        .columns(['book_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('activity_jobs_one_active_per_book')
        .on('activity_jobs')
        .column('book_id')
        .unique()
        .where(sql<boolean>`status in ('queued', 'running')`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('activity_jobs').execute();
    },
  },
  '0110_activity_job_progress': {
    // Pages done of total, so the status route can say "page N of M" from any instance.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('activity_jobs').addColumn('pages_done', 'integer').execute();
      await db.schema.alterTable('activity_jobs').addColumn('pages_total', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('activity_jobs').dropColumn('pages_total').execute();
      await db.schema.alterTable('activity_jobs').dropColumn('pages_done').execute();
    },
  },
};
