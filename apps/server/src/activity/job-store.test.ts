import { dirname } from 'node:path';
import { systemClock } from '@svc/gate';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import { createDatabase, type Database } from '../db/create-database.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { ActivityDatabase } from './activity-migrations.js';
import { createJobStore, type JobStore } from './job-store.js';
import { createJobWorker, type WorkerLog } from './job-worker.js';

const silent: WorkerLog = { info() {}, warn() {}, error() {} };

/** A second, independent connection (pool) to the same database, as another server process has. */
async function openSecondConnection(database: Database): Promise<Kysely<unknown>> {
  if (database.dialect === 'sqlite')
    return createDatabase({ dataDir: dirname(database.location) }).db as unknown as Kysely<unknown>;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const pool = new pg.Pool({
    connectionString: process.env.TEST_DATABASE_URL,
    max: 5,
    options: `-c search_path=${rows[0]?.schema}`,
  });
  return new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
}

async function enqueueBooks(store: JobStore, count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await store.enqueue({ bookId: `${prefix}-${i}`, owner: 'owner-1', watermark: null })).job.id);
  }
  return ids;
}

describe.each(testDatabaseTargets())('activity job store shared by two processes on $name', (target) => {
  let database: Database;
  let other: Kysely<unknown>;
  let first: JobStore;
  let second: JobStore;

  beforeAll(async () => {
    database = await target.open();
    await migrateToLatest(database.db);
    other = await openSecondConnection(database);
    first = createJobStore({ db: database.db, clock: systemClock, dialect: database.dialect });
    second = createJobStore({ db: other, clock: systemClock, dialect: database.dialect });
  });
  afterAll(async () => {
    await other?.destroy();
    await database?.destroy();
  });
  beforeEach(async () => {
    await jobsTable().deleteFrom('activity_jobs').execute();
  });

  const jobsTable = () => database.db as unknown as Kysely<ActivityDatabase>;
  const readJob = (id: string) =>
    jobsTable().selectFrom('activity_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('never hands the same job to two claimers, however the claims interleave', async () => {
    const queued = await enqueueBooks(first, 30, 'race');
    const claimed: string[] = [];
    for (;;) {
      const round = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? first : second).claimNext()),
      );
      const got = round.flatMap((job) => (job ? [job.id] : []));
      claimed.push(...got);
      if (got.length === 0) break;
    }
    expect(new Set(claimed).size).toBe(claimed.length);
    expect([...claimed].sort()).toEqual([...queued].sort());
  });

  it('queues one active job per book, however many exports race', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? first : second).enqueue({ bookId: 'one-book', owner: 'owner-1', watermark: null }),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.job.id)).size).toBe(1);
    expect(await first.countActive('owner-1')).toBe(1);
    const claimed = await first.claimNext();
    expect(claimed?.book_id).toBe('one-book');
  });

  it('two workers process every job exactly once', async () => {
    const queued = await enqueueBooks(first, 20, 'work');
    const processedBy = new Map<string, string[]>();
    const workers = (['first', 'second'] as const).map((name) =>
      createJobWorker({
        store: name === 'first' ? first : second,
        async run(job) {
          processedBy.set(job.id, [...(processedBy.get(job.id) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, 10));
          return { fileKey: `files/${job.id}.pdf`, fileSize: 1 };
        },
        isPermanent: () => false,
        describeError: () => 'failed',
        log: silent,
        pollIntervalMs: 20,
      }),
    );
    for (const worker of workers) worker.start();
    const deadline = Date.now() + 20_000;
    while (queued.some((id) => !processedBy.has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const id of queued) {
      expect(processedBy.get(id)).toHaveLength(1);
      expect(await readJob(id)).toMatchObject({ status: 'done', attempts: 1, file_key: `files/${id}.pdf` });
    }
    const counts = [...processedBy.values()].flat();
    expect(counts.filter((name) => name === 'first').length).toBeGreaterThan(0);
    expect(counts.filter((name) => name === 'second').length).toBeGreaterThan(0);
  });

  it('ignores a worker whose claim was taken over after its lease expired', async () => {
    await first.enqueue({ bookId: 'slow-book', owner: 'owner-2', watermark: 'Preview' });
    const mine = await first.claimNext();
    expect(mine?.book_id).toBe('slow-book');
    if (!mine) return;
    // Another process finds the heartbeat older than its lease (here: any age) and re-queues it.
    expect(await second.recoverAbandoned({ leaseMs: -60_000, maxAttempts: 3 })).toEqual({
      requeued: 1,
      failed: 0,
    });
    const theirs = await second.claimNext();
    expect(theirs).toMatchObject({ id: mine.id, attempts: 2 });
    expect(await first.heartbeat(mine, 50)).toBe(false);
    expect(await first.finish(mine, { status: 'done', fileKey: 'a.pdf', fileSize: 1 })).toBe(false);
    if (!theirs) return;
    expect(await second.finish(theirs, { status: 'done', fileKey: 'b.pdf', fileSize: 2 })).toBe(true);
    expect(await first.findLatest('slow-book')).toMatchObject({
      status: 'done',
      file_key: 'b.pdf',
      attempts: 2,
    });
  });

  it.skipIf(target.name !== 'postgres')(
    'on PostgreSQL a claim skips a job another worker holds locked instead of waiting for it',
    async () => {
      const [held, free] = await enqueueBooks(first, 2, 'locked');
      // Another worker is mid-claim on the oldest job: its row is locked until that transaction ends.
      const claimed = await jobsTable()
        .transaction()
        .execute(async (trx) => {
          await trx
            .selectFrom('activity_jobs')
            .select('id')
            .where('id', '=', held ?? '')
            .forUpdate()
            .execute();
          return second.claimNext();
        });
      expect(claimed?.id).toBe(free);
      expect(claimed?.claim_id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await first.claimNext())?.id).toBe(held);
    },
  );
});
