import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCodeOf, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import {
  type ActivityTestServer,
  exportBook,
  openSharedState,
  type SharedState,
  saveBook,
  savePage,
  startActivityServer,
  waitForFile,
} from '../testing/activity-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { ActivityDatabase } from './activity-migrations.js';

describe.each(testDatabaseTargets())('activity export jobs across restarts on $name', (target) => {
  let state: SharedState;
  let servers: ActivityTestServer[];
  let alice: SignedInUser;
  const jobs = () => state.database.db as unknown as Kysely<ActivityDatabase>;
  const readJob = (id: string) =>
    jobs().selectFrom('activity_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A server on the shared database and data directory; closed after the test if still open. */
  async function start(options: Parameters<typeof startActivityServer>[1] = {}) {
    const server = await startActivityServer(state, options);
    servers.push(server);
    return server;
  }

  /** On server `a` with no worker: a user, a book of `pages` pages and its queued export. */
  async function queueExport(a: ActivityTestServer, pages = 2) {
    alice = await signUp(a.app, `alice-${Math.random().toString(36).slice(2)}@example.com`);
    const pageId = await savePage(a.app, alice, 'maze', 'restart');
    const bookId = await saveBook(
      a.app,
      alice,
      Array.from({ length: pages }, () => pageId),
    );
    const exported = await exportBook(a.app, alice, bookId);
    expect(exported.statusCode).toBe(202);
    return { bookId, jobId: exported.json().job.id as string };
  }

  beforeEach(async () => {
    servers = [];
    state = await openSharedState(target);
  });
  afterEach(async () => {
    for (const server of servers) await server.close();
    await state.destroy();
  });

  it('finishes on the next server a job queued while no worker ran', async () => {
    const a = await start({ worker: false });
    const { bookId, jobId } = await queueExport(a);
    const again = await exportBook(a.app, alice, bookId);
    expect(again.json().job).toMatchObject({ id: jobId, status: 'queued' });
    const pending = await waitForFile(a.app, alice, bookId, 300);
    expect(pending.statusCode).toBe(202);
    expect(pending.json().job).toMatchObject({ id: jobId, status: 'queued', attempts: 0, progress: 0 });
    await a.close();

    const b = await start();
    const file = await waitForFile(b.app, alice, bookId);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await readJob(jobId)).toMatchObject({ status: 'done', attempts: 1, progress: 100 });
  });

  it('re-queues a job left running by a process that died, once its lease has passed', async () => {
    const a = await start({ worker: false });
    const { bookId, jobId } = await queueExport(a);
    const longAgo = Date.now() - 10 * 60_000;
    // What a process killed mid-build leaves behind: running, claimed, a heartbeat that stopped.
    await jobs()
      .updateTable('activity_jobs')
      .set({
        status: 'running',
        attempts: 1,
        claim_id: 'dead-process',
        started_at: longAgo,
        heartbeat_at: longAgo,
      })
      .where('id', '=', jobId)
      .execute();
    await a.close();

    const b = await start({ leaseMs: 5_000 });
    expect((await waitForFile(b.app, alice, bookId)).statusCode).toBe(200);
    expect(await readJob(jobId)).toMatchObject({ status: 'done', attempts: 2, claim_id: null });
  });

  it('gives up a job abandoned as many times as it may be tried (409 ACT_EXPORT_FAILED)', async () => {
    const a = await start({ worker: false });
    const { bookId, jobId } = await queueExport(a);
    const longAgo = Date.now() - 10 * 60_000;
    await jobs()
      .updateTable('activity_jobs')
      .set({ status: 'running', attempts: 3, claim_id: 'dead-process', heartbeat_at: longAgo })
      .where('id', '=', jobId)
      .execute();
    await a.close();

    const b = await start({ leaseMs: 5_000, maxAttempts: 3 });
    const file = await waitForFile(b.app, alice, bookId);
    expect(file.statusCode).toBe(409);
    expect(errorCodeOf(file)).toBe('ACT_EXPORT_FAILED');
    expect(file.json().error.details.job).toMatchObject({
      status: 'error',
      attempts: 3,
      error: expect.stringMatching(/restarted or crashed/),
    });
    // Exporting again queues a fresh job, which the worker then builds.
    const retry = await exportBook(b.app, alice, bookId);
    expect(retry.json().job.id).not.toBe(jobId);
    expect((await waitForFile(b.app, alice, bookId)).statusCode).toBe(200);
  });

  it('puts a job being built back in the queue on shutdown, without counting the attempt', async () => {
    const a = await start({ worker: false });
    const { bookId, jobId } = await queueExport(a, 150);
    await a.close();
    const b = await start();
    const deadline = Date.now() + 20_000;
    while ((await readJob(jobId)).status === 'queued' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    expect((await readJob(jobId)).status).toBe('running');
    await b.close();
    expect(await readJob(jobId)).toMatchObject({
      status: 'queued',
      attempts: 0,
      claim_id: null,
      started_at: null,
    });

    const c = await start();
    expect((await waitForFile(c.app, alice, bookId)).statusCode).toBe(200);
    expect(await readJob(jobId)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('caps the exports one owner may have waiting (429), while re-exporting an active book returns its job', async () => {
    const a = await start({ worker: false });
    const first = await queueExport(a);
    const pageId = await savePage(a.app, alice, 'sudoku', 'cap');
    for (let i = 0; i < 4; i++) {
      const bookId = await saveBook(a.app, alice, [pageId], `Book ${i}`);
      expect((await exportBook(a.app, alice, bookId)).statusCode).toBe(202);
    }
    const sixth = await exportBook(a.app, alice, await saveBook(a.app, alice, [pageId], 'One too many'));
    expect(sixth.statusCode).toBe(429);
    expect(errorCodeOf(sixth)).toBe('GATE_RATE_LIMITED');
    const again = await exportBook(a.app, alice, first.bookId);
    expect(again.statusCode).toBe(202);
    expect(again.json().job.id).toBe(first.jobId);
  });
});
