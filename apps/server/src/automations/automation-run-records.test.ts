import { Buffer } from 'node:buffer';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_DATA_QUOTA_BYTES, documentBytes, MAX_DOCUMENT_BYTES, MAX_LIST_BYTES } from '@svc/gate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_ENV, type SignedInUser, signUp, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { describeHealthz, listenOnLoopback, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { MAX_STEP_RESULT_BYTES } from './automation-run-bounds.js';
import { AUTOMATION_RUN_COLLECTION, type RunRecord, toRunBody } from './automation-runs.js';

/** A script printing 500,000 characters: its result is 500 KB. */
const LOUD_SCRIPT = { mode: 'lmx', source: 'print repeat("a", 500000)' };
/** Five such steps: 2.5 MB of step results per run, unbounded — one record past a whole page. */
const LOUD_STEPS = 5;
const LOUD_AUTOMATION = {
  name: 'loud',
  trigger: { type: 'manual' },
  steps: Array.from({ length: LOUD_STEPS }, () => ({ action: 'lmx.run', args: LOUD_SCRIPT })),
};
/** Runs of it the test asks for. */
const LOUD_RUNS = 3;
/** Three webhook steps whose receiver answers 64 KiB each: cheap to run, 192 KiB of results per run, unbounded. */
const HOOK_AUTOMATION = {
  name: 'hooks',
  trigger: { type: 'manual' },
  steps: Array.from({ length: 3 }, () => ({ action: 'integrations.big' })),
};

type Run = RunRecord & { id: string };

describe.each(testDatabaseTargets())('run records are bounded, on $name', (target) => {
  let server: TestServer;
  let base: string;

  const store = async (user: SignedInUser, body: unknown): Promise<string> => {
    const created = await sendOverLoopback(base, 'POST', '/db/automations', { cookie: user.cookie, body });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.id;
  };
  const runAndWait = async (user: SignedInUser, id: string, count: number): Promise<Run[]> => {
    const runIds: string[] = [];
    for (let n = 0; n < count; n++) {
      const queued = await sendOverLoopback(base, 'POST', `/api/automations/${id}/run`, {
        cookie: user.cookie,
      });
      expect(queued.status, JSON.stringify(queued.json)).toBe(202);
      runIds.push(queued.json.runId);
    }
    const runs: Run[] = [];
    await vi.waitFor(
      async () => {
        runs.length = 0;
        for (const runId of runIds)
          runs.push(
            (await sendOverLoopback(base, 'GET', `/db/automation_runs/${runId}`, { cookie: user.cookie }))
              .json,
          );
        expect(runs.map((run) => run.status)).toEqual(runIds.map(() => 'done'));
      },
      { timeout: 60_000, interval: 100 },
    );
    return runs;
  };
  /** What `owner` keeps in automation_runs, counted as the quota counts it. */
  const usedBytes = async (owner: string): Promise<number> => {
    const row = await server.database.db
      .selectFrom('documents')
      .select([
        sql<number | string>`coalesce(sum(octet_length(body)), 0)`.as('bytes'),
        (eb) => eb.fn.countAll<number | string>().as('documents'),
      ])
      .where('collection', '=', AUTOMATION_RUN_COLLECTION)
      .where('owner', '=', owner)
      .executeTakeFirstOrThrow();
    return Number(row.bytes) + documentBytes(0) * Number(row.documents);
  };

  let receiver: Server;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end('b'.repeat(64 * 1024)));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    server = await createTestServer(target, { ...FIXTURE_ENV, SVC_INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
    base = await listenOnLoopback(server.app);
  });
  afterAll(async () => {
    await server?.close();
    receiver?.close();
  });

  it('stores each step result within 8 KiB, marked truncated, and lists the runs within one 2 MiB page', async () => {
    const member = await signUp(server.app, 'loud-runs@example.com');
    const id = await store(member, LOUD_AUTOMATION);
    const seen = await probeHealthzAgainstBaseline(base, async () => {
      const runs = await runAndWait(member, id, LOUD_RUNS);
      const page = await sendOverLoopback(base, 'GET', '/db/automation_runs?limit=5000', {
        cookie: member.cookie,
      });
      return { runs, page };
    });
    const { runs, page } = seen.result;
    for (const run of runs) {
      expect(run.steps).toHaveLength(LOUD_STEPS);
      for (const step of run.steps) {
        const result = step.result as { truncated: boolean; bytes: number; preview: string };
        expect(result).toMatchObject({ truncated: true });
        expect(result.bytes).toBeGreaterThan(500_000);
        expect(result.preview.startsWith('{"ok":true')).toBe(true);
        expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(MAX_STEP_RESULT_BYTES);
      }
      const {
        id: _id,
        owner: _owner,
        visibility: _v,
        createdAt: _c,
        updatedAt: _u,
        ...body
      } = run as Run & Record<string, unknown>;
      expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
    }
    expect(page.status).toBe(200);
    expect(page.json.items).toHaveLength(LOUD_RUNS);
    expect(page.bytes).toBeLessThanOrEqual(MAX_LIST_BYTES);
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
  }, 120_000);

  it('counts run records against the owner’s quota: the oldest finished records make room for new ones', async () => {
    const member = await signUpWithRoles(server.app, 'full-history@example.com', ['member', 'developer']);
    const hook = await sendOverLoopback(base, 'POST', '/api/integrations', {
      cookie: member.cookie,
      body: { name: 'big', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/big` },
    });
    expect(hook.status).toBe(201);
    const id = await store(member, HOOK_AUTOMATION);
    // A history already at the quota (finished runs of 250 KB each), oldest first.
    const filler = (n: number): RunRecord => ({
      status: 'done',
      automationId: id,
      automationName: 'hooks',
      trigger: { type: 'manual' },
      steps: [
        { action: 'pad', status: 'done', result: 'p'.repeat(250_000), startedAt: `${n}`, finishedAt: `${n}` },
      ],
      queuedAt: new Date(n).toISOString(),
    });
    const perRecord = documentBytes(Buffer.byteLength(toRunBody(filler(0))));
    const count = Math.floor((DEFAULT_DATA_QUOTA_BYTES - 4096) / perRecord);
    const start = Date.now() - 10 * 86_400_000;
    for (let first = 0; first < count; first += 20) {
      await server.database.db
        .insertInto('documents')
        .values(
          Array.from({ length: Math.min(20, count - first) }, (_, index) => ({
            id: `old-run-${first + index}`,
            collection: AUTOMATION_RUN_COLLECTION,
            owner: member.id,
            visibility: 'private',
            created_at: start + first + index,
            updated_at: start + first + index,
            body: toRunBody(filler(start + first + index)),
          })),
        )
        .execute();
    }
    expect(await usedBytes(member.id)).toBeGreaterThan(DEFAULT_DATA_QUOTA_BYTES - perRecord);
    const seen = await probeHealthzAgainstBaseline(base, () => runAndWait(member, id, 3));
    expect(seen.result.map((run) => run.status)).toEqual(['done', 'done', 'done']);
    expect(await usedBytes(member.id)).toBeLessThanOrEqual(DEFAULT_DATA_QUOTA_BYTES);
    // The oldest went first; the newest of the old ones are still there.
    const gone = await sendOverLoopback(base, 'GET', '/db/automation_runs/old-run-0', {
      cookie: member.cookie,
    });
    expect(gone.status).toBe(404);
    const kept = await sendOverLoopback(base, 'GET', `/db/automation_runs/old-run-${count - 1}`, {
      cookie: member.cookie,
    });
    expect(kept.status).toBe(200);
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
  }, 120_000);
});
