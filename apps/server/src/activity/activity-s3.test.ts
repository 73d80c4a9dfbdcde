import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createManualClock } from '@svc/gate/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app/build-server.js';
import { loadConfig } from '../config/server-config.js';
import { FIXTURE_ENV, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import {
  type ActivityTestServer,
  as,
  exportBook,
  openSharedState,
  type SharedState,
  saveBook,
  savePage,
  startActivityServer,
  waitForFile,
} from '../testing/activity-test-helpers.js';
import { type LocalS3, startLocalS3 } from '../testing/local-s3.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { ActivityDatabase } from './activity-migrations.js';
import { createS3FileStorage, type S3FileStorage } from './s3-file-storage.js';

// Two server instances on one database (PostgreSQL when TEST_DATABASE_URL is set) and one
// bucket of a real S3-compatible server (s3rver on loopback), each with its own data directory,
// so a file is seen through the other instance only if it really went through the bucket.
describe.each(testDatabaseTargets())('exported books in S3 across two instances on $name', (target) => {
  let s3: LocalS3;
  let bucket: S3FileStorage;
  let state: SharedState;
  let a: ActivityTestServer;
  let b: ActivityTestServer;
  let alice: SignedInUser;
  const otherDataDir = mkdtempSync(join(tmpdir(), 'svc-activity-b-'));

  beforeAll(async () => {
    s3 = await startLocalS3(['svc-books']);
    bucket = createS3FileStorage(s3.config('svc-books'), { maxAttempts: 1 });
    state = await openSharedState(target);
    // One attempt per export, and short waits while S3 is down (see the outage cases).
    a = await startActivityServer(
      state,
      { maxAttempts: 1, outageRetryMaxMs: 200 },
      createManualClock(Date.now()),
      s3.env('svc-books'),
    );
    // B runs no worker: whatever it serves was built by A.
    b = await startActivityServer(state, { worker: false }, createManualClock(Date.now()), {
      ...s3.env('svc-books'),
      SVC_DATA_DIR: otherDataDir,
    });
    alice = await signUp(a.app, 'alice@example.com');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    bucket?.close();
    await state?.destroy();
    await s3?.close();
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  it('a book exported through A downloads through B, and is gone from the bucket after its deletion', async () => {
    const pages = [await savePage(a.app, alice, 'sudoku', 1), await savePage(a.app, alice, 'maze', 2)];
    const bookId = await saveBook(a.app, alice, pages);
    expect((await exportBook(a.app, alice, bookId)).statusCode).toBe(202);
    const throughA = await waitForFile(a.app, alice, bookId);
    expect(throughA.statusCode).toBe(200);

    const throughB = await b.app.inject({
      method: 'GET',
      url: `/api/activity/books/${bookId}/file`,
      headers: as(alice),
    });
    expect(throughB.statusCode).toBe(200);
    expect(throughB.headers['content-type']).toBe('application/pdf');
    expect(Number(throughB.headers['content-length'])).toBe(throughA.rawPayload.length);
    expect(throughB.rawPayload.equals(throughA.rawPayload)).toBe(true);
    expect(throughB.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const keys = await bucket.list('activity-books');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^activity-books/${bookId}/[^/]+\\.pdf$`));
    // Nothing on either instance's disk.
    expect(readdirSync(state.dataDir)).not.toContain('files');
    expect(readdirSync(otherDataDir)).not.toContain('files');

    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/db/activity_books/${bookId}`,
      headers: as(alice),
    });
    expect(removed.statusCode).toBe(204);
    expect(await bucket.list('activity-books')).toEqual([]);
    const afterDelete = await b.app.inject({
      method: 'GET',
      url: `/api/activity/books/${bookId}/file`,
      headers: as(alice),
    });
    expect(afterDelete.statusCode).toBe(404);
  });

  it('answers 503 ACT_STORAGE_UNAVAILABLE while S3 is down, keeps serving, and recovers', async () => {
    const bookId = await saveBook(a.app, alice, [await savePage(a.app, alice, 'sudoku', 3)]);
    expect((await exportBook(a.app, alice, bookId)).statusCode).toBe(202);
    expect((await waitForFile(a.app, alice, bookId)).statusCode).toBe(200);
    await s3.stop();
    try {
      const down = await b.app.inject({
        method: 'GET',
        url: `/api/activity/books/${bookId}/file`,
        headers: as(alice),
      });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe('ACT_STORAGE_UNAVAILABLE');
      const health = await b.app.inject({ method: 'GET', url: '/api/activity/kinds' });
      expect(health.statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    const back = await b.app.inject({
      method: 'GET',
      url: `/api/activity/books/${bookId}/file`,
      headers: as(alice),
    });
    expect(back.statusCode).toBe(200);
  });

  it('an export requested while S3 is down waits for it, using no attempt, and finishes once S3 is back', async () => {
    const bookId = await saveBook(a.app, alice, [await savePage(a.app, alice, 'maze', 4)]);
    const readJob = () =>
      (state.database.db as unknown as Kysely<ActivityDatabase>)
        .selectFrom('activity_jobs')
        .select(['status', 'attempts', 'error'])
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow();
    await s3.stop();
    try {
      expect((await exportBook(a.app, alice, bookId)).statusCode).toBe(202);
      // A runs with maxAttempts 1: a failure that used an attempt would end the job here.
      let job = await readJob();
      while (job.error === null) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = await readJob();
      }
      expect(job.error).toMatch(/file storage is unavailable/);
      expect(['queued', 'running']).toContain(job.status);
      const pending = await b.app.inject({
        method: 'GET',
        url: `/api/activity/books/${bookId}/file`,
        headers: as(alice),
      });
      expect(pending.statusCode).toBe(202);
    } finally {
      await s3.start();
    }
    // No second export request: the waiting job finishes by itself.
    expect((await waitForFile(a.app, alice, bookId)).statusCode).toBe(200);
    expect(await readJob()).toMatchObject({ status: 'done', error: null });
    expect(Number((await readJob()).attempts)).toBe(1);
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/db/activity_books/${bookId}`,
      headers: as(alice),
    });
    expect(removed.statusCode).toBe(204);
  });

  it('the start sweep removes bucket objects no job holds and keeps the held ones', async () => {
    const held = await bucket.list('activity-books');
    expect(held).toHaveLength(1);
    await bucket.put('activity-books/ghost-book/ghost-job.pdf', new TextEncoder().encode('%PDF-ghost'));
    const c = await startActivityServer(state, { worker: false }, createManualClock(Date.now()), {
      ...s3.env('svc-books'),
      SVC_DATA_DIR: otherDataDir,
    });
    await c.close();
    expect(await bucket.list('activity-books')).toEqual(held);
  });

  it('warns at start when DATABASE_URL is set but files stay on the local disk, and logs no S3 secret', async () => {
    async function startLogs(env: Record<string, string>): Promise<string> {
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString('utf8'));
          callback();
        },
      });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SVC_PASSWORD_COST: '12',
        SVC_DATA_DIR: otherDataDir,
        ...FIXTURE_ENV,
        ...env,
      });
      const app = await buildServer({
        config,
        database: state.database,
        logStream,
        activity: { worker: false },
      });
      await app.ready();
      await app.close();
      return lines.join('');
    }
    const warning = /a second server instance on the same database will not see this one's files/;
    const pgUrl = { DATABASE_URL: 'postgres://svc@127.0.0.1:5432/svc' };
    expect(await startLogs(pgUrl)).toMatch(warning);
    expect(await startLogs({})).not.toMatch(warning);
    const withS3 = await startLogs({ ...pgUrl, ...s3.env('svc-books'), SVC_S3_SECRET_ACCESS_KEY: 'S3RVER' });
    expect(withS3).not.toMatch(warning);
    expect(withS3).toMatch(/exported files are kept in S3/);
    expect(withS3).not.toMatch(/S3RVER/);
  });

  it('refuses to start on a missing bucket or an unreachable endpoint', async () => {
    await expect(
      startActivityServer(state, { worker: false }, createManualClock(Date.now()), s3.env('no-such-bucket')),
    ).rejects.toThrow(/bucket "no-such-bucket" does not exist/);
    await expect(
      startActivityServer(state, { worker: false }, createManualClock(Date.now()), {
        ...s3.env('svc-books'),
        SVC_S3_ENDPOINT: 'http://127.0.0.1:1',
      }),
    ).rejects.toThrow(/could not be reached/);
  });
});
