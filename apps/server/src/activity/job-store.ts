import { randomUUID } from 'node:crypto';
import type { Clock } from '@svc/gate';
import { type Kysely, sql } from 'kysely';
import type { ActivityJobRow } from './activity-job.js';
import type { ActivityDatabase } from './activity-migrations.js';

/** A job this process has claimed: the row as claimed, with the claim that proves it. */
export interface ClaimedJob extends ActivityJobRow {
  claim_id: string;
}

/** How a claimed job ends. */
export type JobOutcome =
  | { status: 'done'; fileKey: string; fileSize: number }
  | { status: 'error'; error: string }
  /** Back to the queue; `countAttempt: false` (a graceful shutdown) gives the claim back. */
  | { status: 'queued'; countAttempt: boolean; error?: string };

/**
 * The persisted export jobs. Every state change of a claimed job is a conditional UPDATE on its
 * `claim_id`, so a worker that lost its claim (its lease expired and another worker took the job
 * over) can no longer change it: its result is discarded instead of overwriting the other's.
 */
export interface JobStore {
  /** Queues an export of `bookId`, or returns the book's active (queued or running) job. */
  enqueue(input: { bookId: string; owner: string; watermark: string | null }): Promise<{
    job: ActivityJobRow;
    created: boolean;
  }>;
  /** The book's newest job, if it was ever exported. */
  findLatest(bookId: string): Promise<ActivityJobRow | undefined>;
  /** Active jobs of `owner` (queued or running). */
  countActive(owner: string): Promise<number>;
  /** Atomically takes the oldest queued job, or undefined when none is queued. */
  claimNext(): Promise<ClaimedJob | undefined>;
  /** Refreshes the lease and the progress; false when the claim was lost. */
  heartbeat(job: ClaimedJob, progress: number): Promise<boolean>;
  /**
   * Records pages drawn of the book's total (and the percentage they make), refreshing the lease
   * too; false when the claim was lost. Kept in the row, so any instance's status route reads it.
   */
  recordProgress(job: ClaimedJob, pages: { done: number; total: number }): Promise<boolean>;
  /** Ends or releases a claimed job; false when the claim was lost (nothing changed). */
  finish(job: ClaimedJob, outcome: JobOutcome): Promise<boolean>;
  /**
   * Re-queues running jobs whose heartbeat is older than `leaseMs` (their process died); those
   * that used up `maxAttempts` become `error` instead.
   */
  recoverAbandoned(input: {
    leaseMs: number;
    maxAttempts: number;
  }): Promise<{ requeued: number; failed: number }>;
  /** Clears and returns the file keys of the book's older jobs (superseded exports). */
  takeSupersededFiles(bookId: string, keepJobId: string): Promise<string[]>;
}

const ACTIVE = ['queued', 'running'] as const;
const ABANDONED_MESSAGE =
  'The export stopped repeatedly (the server restarted or crashed while building it).';

/**
 * Creates the job store over the server's database (SQLite or PostgreSQL). On PostgreSQL
 * (`dialect: 'postgres'`) a claim locks the oldest queued row with `FOR UPDATE SKIP LOCKED`, so
 * N workers each take a different job without waiting on or retrying against each other; on
 * SQLite (one writer) it is a compare-and-set on the status.
 *
 * @example
 * const jobs = createJobStore({ db: database.db, clock, dialect: database.dialect });
 * const { job } = await jobs.enqueue({ bookId, owner: user.id, watermark: null });
 */
export function createJobStore<DB>(options: {
  db: Kysely<DB>;
  clock: Clock;
  dialect?: 'sqlite' | 'postgres';
}): JobStore {
  const db = options.db as unknown as Kysely<ActivityDatabase>;
  const { clock } = options;

  const findActive = (bookId: string) =>
    db
      .selectFrom('activity_jobs')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('status', 'in', ACTIVE)
      .executeTakeFirst();

  const findLatest = (bookId: string) =>
    db
      .selectFrom('activity_jobs')
      .selectAll()
      .where('book_id', '=', bookId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();

  async function enqueue(input: { bookId: string; owner: string; watermark: string | null }) {
    // Retried: the active job that won the conflict may finish before it is read back.
    for (let attempt = 0; attempt < 3; attempt++) {
      const latest = await findLatest(input.bookId);
      if (latest && (latest.status === 'queued' || latest.status === 'running'))
        return { job: latest, created: false };
      // Strictly after the book's previous job, so "newest" is well defined even within a millisecond.
      const now = Math.max(clock.now(), (latest?.created_at ?? 0) + 1);
      const row: ActivityJobRow = {
        id: randomUUID(),
        book_id: input.bookId,
        owner: input.owner,
        status: 'queued',
        attempts: 0,
        progress: 0,
        pages_done: null,
        pages_total: null,
        error: null,
        file_key: null,
        file_size: null,
        watermark: input.watermark,
        claim_id: null,
        created_at: now,
        updated_at: now,
        started_at: null,
        finished_at: null,
        heartbeat_at: null,
      };
      const result = await db
        .insertInto('activity_jobs')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('book_id').where(sql<boolean>`status in ('queued', 'running')`).doNothing(),
        )
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return { job: row, created: true };
      const active = await findActive(input.bookId);
      if (active) return { job: active, created: false };
    }
    throw new Error(`Could not queue an export of book ${input.bookId}.`);
  }

  const claimOf = (candidate: ActivityJobRow) => {
    const now = clock.now();
    return {
      status: 'running' as const,
      claim_id: randomUUID(),
      attempts: candidate.attempts + 1,
      progress: 0,
      pages_done: null,
      pages_total: null,
      started_at: now,
      heartbeat_at: now,
      updated_at: now,
    };
  };

  /** PostgreSQL: the oldest queued row nobody else has locked, taken in one transaction. */
  const claimSkippingLocked = (): Promise<ClaimedJob | undefined> =>
    db.transaction().execute(async (trx) => {
      const candidate = await trx
        .selectFrom('activity_jobs')
        .selectAll()
        .where('status', '=', 'queued')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!candidate) return undefined;
      const claim = claimOf(candidate);
      await trx.updateTable('activity_jobs').set(claim).where('id', '=', candidate.id).execute();
      return { ...candidate, ...claim };
    });

  async function claimNext(): Promise<ClaimedJob | undefined> {
    if (options.dialect === 'postgres') return claimSkippingLocked();
    // Compare-and-set on the status: of two workers that picked the same candidate, exactly one
    // UPDATE matches; the other moves on to the next candidate.
    for (let attempt = 0; attempt < 5; attempt++) {
      const candidate = await db
        .selectFrom('activity_jobs')
        .selectAll()
        .where('status', '=', 'queued')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return undefined;
      const claim = claimOf(candidate);
      const result = await db
        .updateTable('activity_jobs')
        .set(claim)
        .where('id', '=', candidate.id)
        .where('status', '=', 'queued')
        .where('attempts', '=', candidate.attempts)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return { ...candidate, ...claim };
    }
    return undefined;
  }

  const updateClaimed = (job: ClaimedJob) =>
    db
      .updateTable('activity_jobs')
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('claim_id', '=', job.claim_id);

  return {
    enqueue,
    findLatest,
    claimNext,
    async countActive(owner) {
      const row = await db
        .selectFrom('activity_jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('owner', '=', owner)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    async heartbeat(job, progress) {
      const now = clock.now();
      const result = await updateClaimed(job)
        .set({
          heartbeat_at: now,
          updated_at: now,
          progress: Math.max(0, Math.min(99, Math.floor(progress))),
        })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async recordProgress(job, pages) {
      const total = Math.max(0, Math.floor(pages.total));
      const done = Math.max(0, Math.min(total, Math.floor(pages.done)));
      const now = clock.now();
      const result = await updateClaimed(job)
        .set({
          heartbeat_at: now,
          updated_at: now,
          pages_done: done,
          pages_total: total,
          // 100 only once the file is stored (finish), however many pages are drawn.
          progress: total > 0 ? Math.min(99, Math.floor((100 * done) / total)) : 0,
        })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async finish(job, outcome) {
      const now = clock.now();
      const common = { updated_at: now, claim_id: null, heartbeat_at: null };
      const changes =
        outcome.status === 'done'
          ? {
              ...common,
              status: 'done' as const,
              progress: 100,
              // Every page is drawn, whatever the last progress write said.
              pages_done: sql<number | null>`pages_total`,
              error: null,
              finished_at: now,
              file_key: outcome.fileKey,
              file_size: outcome.fileSize,
            }
          : outcome.status === 'error'
            ? { ...common, status: 'error' as const, error: outcome.error, finished_at: now }
            : {
                ...common,
                status: 'queued' as const,
                progress: 0,
                pages_done: null,
                pages_total: null,
                started_at: null,
                error: outcome.error ?? null,
                attempts: outcome.countAttempt ? job.attempts : job.attempts - 1,
              };
      const result = await updateClaimed(job).set(changes).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async recoverAbandoned({ leaseMs, maxAttempts }) {
      const now = clock.now();
      const staleRunning = () =>
        db
          .updateTable('activity_jobs')
          .where('status', '=', 'running')
          .where('heartbeat_at', '<', now - leaseMs);
      const failed = await staleRunning()
        .where('attempts', '>=', maxAttempts)
        .set({
          status: 'error',
          error: ABANDONED_MESSAGE,
          claim_id: null,
          heartbeat_at: null,
          finished_at: now,
          updated_at: now,
        })
        .executeTakeFirst();
      const requeued = await staleRunning()
        .set({
          status: 'queued',
          claim_id: null,
          heartbeat_at: null,
          started_at: null,
          progress: 0,
          pages_done: null,
          pages_total: null,
          updated_at: now,
        })
        .executeTakeFirst();
      return { requeued: Number(requeued.numUpdatedRows), failed: Number(failed.numUpdatedRows) };
    },
    async takeSupersededFiles(bookId, keepJobId) {
      const rows = await db
        .selectFrom('activity_jobs')
        .select(['id', 'file_key'])
        .where('book_id', '=', bookId)
        .where('id', '!=', keepJobId)
        .where('file_key', 'is not', null)
        .execute();
      if (rows.length === 0) return [];
      await db
        .updateTable('activity_jobs')
        .set({ file_key: null })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      return rows.flatMap((row) => (row.file_key ? [row.file_key] : []));
    },
  };
}
