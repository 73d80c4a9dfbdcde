import { systemClock } from '@svc/gate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import type { Database } from '../db/create-database.js';
import { createMemoryFileStorage } from '../testing/memory-file-storage.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { ActivityDatabase } from './activity-migrations.js';
import { createExportCleanup } from './export-cleanup.js';
import { createJobStore, type JobStore } from './job-store.js';
import { createJobWorker, type JobWorkerOptions } from './job-worker.js';

class PermanentFailure extends Error {}
class StorageDown extends Error {}

describe.each(testDatabaseTargets())('the activity job worker on $name', (target) => {
  let database: Database;
  let store: JobStore;
  const errors: string[] = [];
  const readJob = (id: string) =>
    (database.db as unknown as Kysely<ActivityDatabase>)
      .selectFrom('activity_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Runs a worker until the job leaves the active states, then stops it. */
  async function runUntilSettled(jobId: string, options: Partial<JobWorkerOptions>) {
    const worker = createJobWorker({
      store,
      run: async () => ({ fileKey: 'f.pdf', fileSize: 1 }),
      isPermanent: (error) => error instanceof PermanentFailure,
      describeError: (error) => (error instanceof PermanentFailure ? error.message : 'internal error'),
      log: { info() {}, warn() {}, error: (_details, message) => errors.push(message) },
      pollIntervalMs: 10,
      ...options,
    });
    worker.start();
    const deadline = Date.now() + 10_000;
    let job = await readJob(jobId);
    while ((job.status === 'queued' || job.status === 'running') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      job = await readJob(jobId);
    }
    await worker.stop();
    return job;
  }

  beforeAll(async () => {
    database = await target.open();
    await migrateToLatest(database.db);
    store = createJobStore({ db: database.db, clock: systemClock });
  });
  afterAll(async () => database?.destroy());
  beforeEach(() => {
    errors.length = 0;
  });

  const enqueue = async (bookId: string) =>
    (await store.enqueue({ bookId, owner: 'o', watermark: null })).job.id;

  it('retries a failure a retry may fix, and records the file when it succeeds', async () => {
    const id = await enqueue('flaky');
    let calls = 0;
    const job = await runUntilSettled(id, {
      async run() {
        calls++;
        if (calls === 1) throw new Error('EIO: disk hiccup');
        return { fileKey: 'flaky.pdf', fileSize: 42 };
      },
    });
    expect(job).toMatchObject({
      status: 'done',
      attempts: 2,
      file_key: 'flaky.pdf',
      file_size: 42,
      progress: 100,
    });
    expect(errors).toEqual(['activity job failed']);
  });

  it('writes pages done of total into the row while the job runs, and the total once done', async () => {
    const id = await enqueue('progress');
    const seen: { pages_done: number | null; pages_total: number | null; progress: number }[] = [];
    const job = await runUntilSettled(id, {
      progressIntervalMs: 0,
      async run(claimed, control) {
        for (let page = 1; page <= 4; page++) {
          control.reportProgress(page, 4);
          // Another instance sees only the row: wait until it shows this page.
          let row = await readJob(claimed.id);
          while (row.pages_done !== page) {
            await new Promise((resolve) => setTimeout(resolve, 5));
            row = await readJob(claimed.id);
          }
          seen.push({ pages_done: row.pages_done, pages_total: row.pages_total, progress: row.progress });
        }
        return { fileKey: 'progress.pdf', fileSize: 3 };
      },
    });
    expect(seen).toEqual([
      { pages_done: 1, pages_total: 4, progress: 25 },
      { pages_done: 2, pages_total: 4, progress: 50 },
      { pages_done: 3, pages_total: 4, progress: 75 },
      { pages_done: 4, pages_total: 4, progress: 99 },
    ]);
    expect(job).toMatchObject({ status: 'done', progress: 100, pages_done: 4, pages_total: 4 });
  });

  it('fills in the pages a throttled build drew after its last write, and forgets them on a retry', async () => {
    const id = await enqueue('progress-fast');
    let calls = 0;
    const job = await runUntilSettled(id, {
      progressIntervalMs: 60_000,
      async run(claimed, control) {
        calls++;
        const retried = await readJob(claimed.id);
        // A new claim starts with no pages (the previous attempt's count would be a lie).
        expect({ done: retried.pages_done, total: retried.pages_total }).toEqual({ done: null, total: null });
        control.reportProgress(1, 300);
        let row = await readJob(claimed.id);
        while (row.pages_done === null) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          row = await readJob(claimed.id);
        }
        expect({ done: row.pages_done, total: row.pages_total }).toEqual({ done: 1, total: 300 });
        if (calls === 1) throw new Error('EIO: disk hiccup');
        // These wait for the interval (a minute): the job finishes first.
        for (let page = 2; page <= 300; page++) control.reportProgress(page, 300);
        return { fileKey: 'fast.pdf', fileSize: 3 };
      },
    });
    expect(calls).toBe(2);
    expect(job).toMatchObject({ status: 'done', progress: 100, pages_done: 300, pages_total: 300 });
  });

  it('stops a build whose claim another worker took over, found by its progress write', async () => {
    const id = await enqueue('taken-over');
    const warnings: string[] = [];
    let stopped: unknown;
    const worker = createJobWorker({
      store,
      progressIntervalMs: 0,
      async run(claimed, control) {
        // Another worker took the job over (its lease had passed, as far as it could tell).
        await (database.db as unknown as Kysely<ActivityDatabase>)
          .updateTable('activity_jobs')
          .set({ claim_id: 'the-other-worker' })
          .where('id', '=', claimed.id)
          .execute();
        control.reportProgress(1, 10);
        while (!control.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
        try {
          control.reportProgress(2, 10);
        } catch (error) {
          stopped = error;
        }
        throw stopped;
      },
      isPermanent: () => false,
      describeError: () => 'internal error',
      log: { info() {}, warn: (_details, message) => warnings.push(message), error: () => {} },
      pollIntervalMs: 10,
    });
    worker.start();
    const deadline = Date.now() + 10_000;
    while (warnings.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await worker.stop();
    expect((stopped as Error).name).toBe('ClaimLost');
    expect(warnings).toEqual(['activity job claim lost to another worker; its run was dropped']);
    // The other worker's job is untouched: no pages of this build were written into it.
    expect(await readJob(id)).toMatchObject({
      status: 'running',
      claim_id: 'the-other-worker',
      pages_done: null,
      pages_total: null,
    });
    // The other worker is imaginary: its job must not be recovered by the next tests' workers.
    await (database.db as unknown as Kysely<ActivityDatabase>)
      .deleteFrom('activity_jobs')
      .where('id', '=', id)
      .execute();
  });

  it('gives up after the last attempt with the safe message, never the internal one', async () => {
    const id = await enqueue('broken');
    const job = await runUntilSettled(id, {
      maxAttempts: 3,
      async run() {
        throw new Error('connection string postgres://admin:secret@db leaked');
      },
    });
    expect(job).toMatchObject({ status: 'error', attempts: 3, error: 'internal error' });
  });

  it('waits out an outage longer than its attempts, using none, and finishes when it ends', async () => {
    const id = await enqueue('outage');
    let calls = 0;
    const warnings: string[] = [];
    const job = await runUntilSettled(id, {
      maxAttempts: 2,
      outageRetryMaxMs: 20,
      isOutage: (error) => error instanceof StorageDown,
      log: { info() {}, warn: (_details, message) => warnings.push(message), error: () => {} },
      async run() {
        calls++;
        if (calls <= 5) throw new StorageDown('bucket unreachable');
        return { fileKey: 'outage.pdf', fileSize: 7 };
      },
    });
    expect(calls).toBe(6);
    expect(job).toMatchObject({ status: 'done', attempts: 1, error: null, file_key: 'outage.pdf' });
    expect(warnings).toEqual(Array(5).fill('activity job waits for an outage to end'));
  });

  it('keeps the message of an outage on the waiting job, and stops at once when asked', async () => {
    const id = await enqueue('outage-stop');
    let calls = 0;
    const worker = createJobWorker({
      store,
      isPermanent: () => false,
      isOutage: () => true,
      describeError: () => 'The file storage is unavailable.',
      log: { info() {}, warn() {}, error() {} },
      pollIntervalMs: 10,
      // Longer than the test's timeout: stop() must end the wait, not the timer.
      outageRetryMaxMs: 600_000,
      async run() {
        calls++;
        throw new StorageDown('bucket unreachable');
      },
    });
    worker.start();
    let job = await readJob(id);
    while (job.error === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      job = await readJob(id);
    }
    await worker.stop();
    job = await readJob(id);
    expect(calls).toBe(1);
    expect(job).toMatchObject({ status: 'queued', attempts: 0, error: 'The file storage is unavailable.' });
  });

  it('fails at once what no retry can fix', async () => {
    const id = await enqueue('bad-page');
    const job = await runUntilSettled(id, {
      async run() {
        throw new PermanentFailure('Page 3 is not a valid sudoku.');
      },
    });
    expect(job).toMatchObject({ status: 'error', attempts: 1, error: 'Page 3 is not a valid sudoku.' });
    expect(errors).toEqual([]);
  });

  it('keeps the lease of a long job alive, so no other process takes it over', async () => {
    const id = await enqueue('long');
    const other = createJobStore({ db: database.db, clock: systemClock });
    const recovered: number[] = [];
    const job = await runUntilSettled(id, {
      leaseMs: 200,
      async run(_job, control) {
        for (let page = 1; page <= 6; page++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          control.reportProgress(page, 6);
          recovered.push((await other.recoverAbandoned({ leaseMs: 200, maxAttempts: 3 })).requeued);
        }
        return { fileKey: 'long.pdf', fileSize: 6 };
      },
    });
    expect(recovered).toEqual([0, 0, 0, 0, 0, 0]);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('removes the file of a build whose job was deleted with its book while it ran', async () => {
    const storage = createMemoryFileStorage();
    const cleanup = createExportCleanup({ db: database.db, storage });
    const id = await enqueue('deleted-meanwhile');
    const kept = await enqueue('still-here');
    const dropped: string[] = [];
    const worker = createJobWorker({
      store,
      async run(job) {
        const fileKey = `activity-books/${job.book_id}/${job.id}.pdf`;
        await storage.put(fileKey, new Uint8Array([37]));
        // The book is deleted while its PDF is built: the hook removed the job's row.
        if (job.id === id) await cleanup.removeBookExports(job.book_id);
        return { fileKey, fileSize: 1 };
      },
      async afterDropped(job, file) {
        if (await cleanup.discardIfOrphaned(job, file.fileKey)) dropped.push(job.id);
      },
      isPermanent: () => false,
      describeError: () => 'internal error',
      log: { info() {}, warn() {}, error: (_details, message) => errors.push(message) },
      pollIntervalMs: 10,
    });
    worker.start();
    const deadline = Date.now() + 10_000;
    while ((await readJob(kept)).status !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await worker.stop();
    expect(dropped).toEqual([id]);
    expect(storage.keys()).toEqual([`activity-books/still-here/${kept}.pdf`]);
    expect(errors).toEqual([]);
  });
});
