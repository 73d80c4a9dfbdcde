import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_ENV, type SignedInUser, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { describeHealthz, listenOnLoopback, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { MAX_QUEUED_RUNS_PER_USER } from './automation-run-admission.js';
import type { RunRecord } from './automation-runs.js';
import { MANUAL_RUNS_PER_MINUTE } from './automations-routes.js';

/** How long one of the flooding member's runs takes once its receiver stops holding them. */
const LONG_RUN_MS = 300;

type Run = RunRecord & { id: string };

describe.each(testDatabaseTargets())('a fair automation worker, on $name', (target) => {
  let server: TestServer;
  let base: string;
  let receiver: Server;
  /** While true, the flooding member's receiver holds every delivery: their run in flight never ends. */
  let holding = true;
  const held = new Set<() => void>();
  const release = () => {
    holding = false;
    for (const answer of [...held]) answer();
  };

  const store = async (user: SignedInUser, body: unknown): Promise<string> => {
    const created = await sendOverLoopback(base, 'POST', '/db/automations', { cookie: user.cookie, body });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return created.json.id;
  };
  const hook = async (user: SignedInUser, name: string, path: string) => {
    const port = (receiver.address() as AddressInfo).port;
    const created = await sendOverLoopback(base, 'POST', '/api/integrations', {
      cookie: user.cookie,
      body: { name, url: `http://127.0.0.1:${port}${path}` },
    });
    expect(created.status).toBe(201);
  };
  const readRuns = async (user: SignedInUser): Promise<Run[]> =>
    (
      await sendOverLoopback(base, 'GET', '/db/automation_runs?limit=100&sort=createdAt', {
        cookie: user.cookie,
      })
    ).json.items;

  beforeAll(async () => {
    // `/slow` is held while `holding`, then answers after LONG_RUN_MS; `/fast` answers at once.
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (request.url !== '/slow') return void response.writeHead(200).end('fast');
        const answer = () => {
          if (!held.delete(answer)) return;
          response.writeHead(200).end('slow');
        };
        held.add(answer);
        if (!holding) setTimeout(answer, LONG_RUN_MS);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    server = await createTestServer(target, { ...FIXTURE_ENV, SVC_INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
    base = await listenOnLoopback(server.app);
  });
  afterAll(async () => {
    release();
    await server?.close();
    receiver?.close();
  });

  it('caps one member’s waiting runs and manual runs a minute, and runs another member’s run while theirs is in flight', async () => {
    const flooder = await signUpWithRoles(server.app, 'flooder@example.com', ['member', 'developer']);
    const other = await signUpWithRoles(server.app, 'patient@example.com', ['member', 'developer']);
    await hook(flooder, 'slow', '/slow');
    await hook(other, 'fast', '/fast');
    const long = await store(flooder, {
      name: 'long',
      trigger: { type: 'manual' },
      steps: [{ action: 'integrations.slow' }],
    });
    const short = await store(other, {
      name: 'short',
      trigger: { type: 'manual' },
      steps: [{ action: 'integrations.fast' }],
    });

    const seen = await probeHealthzAgainstBaseline(base, async () => {
      // Back to back, as fast as one client can: 40 asks for a run.
      const floods = [];
      for (let n = 0; n < 40; n++)
        floods.push(
          await sendOverLoopback(base, 'POST', `/api/automations/${long}/run`, { cookie: flooder.cookie }),
        );
      const queued = await sendOverLoopback(base, 'POST', `/api/automations/${short}/run`, {
        cookie: other.cookie,
      });
      expect(queued.status).toBe(202);
      let done: Run | undefined;
      await vi.waitFor(
        async () => {
          done = (await readRuns(other)).find((run) => run.id === queued.json.runId && run.status === 'done');
          expect(done).toBeDefined();
        },
        { timeout: 30_000, interval: 25 },
      );
      return { floods, done: done as Run };
    });
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);

    const codes = seen.result.floods.map((answer) => (answer.status === 202 ? 202 : answer.json.error.code));
    const accepted = codes.filter((code) => code === 202).length;
    // One running at most, and at most MAX_QUEUED_RUNS_PER_USER waiting behind it.
    expect(accepted).toBeGreaterThanOrEqual(MAX_QUEUED_RUNS_PER_USER);
    expect(accepted).toBeLessThanOrEqual(MAX_QUEUED_RUNS_PER_USER + 2);
    expect(
      codes.slice(accepted, MANUAL_RUNS_PER_MINUTE).every((code) => code === 'AUTOMATION_QUEUE_FULL'),
    ).toBe(true);
    expect(codes.slice(MANUAL_RUNS_PER_MINUTE)).toEqual(
      Array.from({ length: 40 - MANUAL_RUNS_PER_MINUTE }, () => 'SERVER_RATE_LIMITED'),
    );
    const full = seen.result.floods[accepted];
    expect(full?.status).toBe(429);
    expect(full?.json.error.details).toMatchObject({ maxQueued: MAX_QUEUED_RUNS_PER_USER });
    expect(seen.result.floods.at(-1)?.headers.get('retry-after')).toEqual(expect.any(String));

    // The other member's run ran and finished while the flooder's first run was still in flight:
    // it waited for none of the flooder's runs (a FIFO worker would have waited for all eleven).
    const running = (await readRuns(flooder)).map((run) => run.status);
    expect(running.filter((status) => status === 'done')).toEqual([]);
    expect(running.filter((status) => status === 'running')).toEqual(['running']);

    // Let the flooder's runs go: they run one at a time, never two of one member at once.
    release();
    let flooderRuns: Run[] = [];
    await vi.waitFor(
      async () => {
        flooderRuns = await readRuns(flooder);
        expect(flooderRuns.filter((run) => run.status === 'done').length).toBeGreaterThanOrEqual(3);
      },
      { timeout: 30_000, interval: 50 },
    );
    const spans = flooderRuns
      .filter((run) => run.startedAt !== undefined && run.finishedAt !== undefined)
      .map((run) => [Date.parse(run.startedAt ?? ''), Date.parse(run.finishedAt ?? '')] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let n = 1; n < spans.length; n++)
      expect(spans[n]?.[0]).toBeGreaterThanOrEqual(spans[n - 1]?.[1] ?? 0);
  }, 60_000);
});
