import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDatabase } from '../activity/activity-migrations.js';
import { FIXTURE_ENV, signUp } from '../testing/access-test-fixtures.js';
import { exportBook, saveBook, savePage } from '../testing/activity-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestInstances, type TestInstances } from '../testing/test-instances.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

/** Long enough that only a broadcast wake-up, never the backstop poll, can start a job in this test. */
const BACKSTOP_POLL_MS = 600_000;

const buses = [
  { name: 'Redis pub/sub', slug: 'redis', env: () => testRedisEnvironment(testRedisConfig()) },
  { name: 'PostgreSQL NOTIFY', slug: 'notify', env: () => ({}) },
] as const;

// Three instances on one PostgreSQL: A takes requests and runs no worker; B and C run workers
// that poll only every ten minutes. An export queued through A starts because A's enqueue wakes
// them over the bus, and of the two, exactly one claims each job.
describe.skipIf(!postgres).each(buses)('the export queue across instances over $name', (bus) => {
  let instances: TestInstances;
  let dataDir: string;
  beforeAll(async () => {
    if (!postgres) return;
    dataDir = mkdtempSync(join(tmpdir(), 'svc-instances-'));
    instances = await createTestInstances(
      postgres,
      3,
      { ...FIXTURE_ENV, SVC_DATA_DIR: dataDir, ...bus.env() },
      (index) => ({ activity: { worker: index !== 0, pollIntervalMs: BACKSTOP_POLL_MS } }),
    );
  });
  afterAll(async () => {
    await instances?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const jobsOf = (bookIds: string[]) =>
    (instances.database.db as unknown as Kysely<ActivityDatabase>)
      .selectFrom('activity_jobs')
      .select(['book_id', 'status', 'attempts'])
      .where('book_id', 'in', bookIds)
      .execute();

  it('an export queued on A is run by a worker of another instance at once, each job claimed once', async () => {
    const [a] = instances.apps;
    if (!a) throw new Error('three instances');
    const user = await signUp(a, `exports-${bus.slug}@example.com`);
    const pageId = await savePage(a, user, 'sudoku', 7);
    const books: string[] = [];
    for (let i = 0; i < 3; i++) books.push(await saveBook(a, user, [pageId], `Book ${i}`));
    for (const bookId of books) expect((await exportBook(a, user, bookId)).statusCode).toBe(202);
    await expect
      .poll(async () => (await jobsOf(books)).map((job) => job.status).sort(), {
        timeout: 30_000,
        interval: 100,
      })
      .toEqual(['done', 'done', 'done']);
    // One claim per job: no worker ran a job another had (a second claim would count an attempt).
    expect((await jobsOf(books)).map((job) => job.attempts)).toEqual([1, 1, 1]);
  }, 120_000);
});
