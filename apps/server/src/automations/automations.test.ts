import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app/build-server.js';
import { FIXTURE_ENV, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { readDocExample } from '../testing/doc-examples.js';
import {
  createDreamerTestServer,
  createMember,
  type DreamerTestServer,
  priceResource,
} from '../testing/dreamer-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer } from '../testing/test-server.js';
import { grantTokens, readWalletTotals } from '../testing/token-test-fixtures.js';
import { enqueueRun, type RunRecord, toRunBody } from './automation-runs.js';

type Json = Record<string, unknown>;
type Run = RunRecord & { id: string };

async function storeAutomation(
  app: DreamerTestServer['app'],
  user: SignedInUser,
  body: Json,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/db/automations',
    headers: { cookie: user.cookie },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`store failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

async function listRuns(app: DreamerTestServer['app'], user: SignedInUser): Promise<Run[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/db/automation_runs?sort=createdAt',
    headers: { cookie: user.cookie },
  });
  return response.json().items;
}

const CHECK_STEP = { action: 'dreamer.validatePipeline', args: { pipeline: {} } };

describe.each(testDatabaseTargets())('automations on $name', (target) => {
  let server: DreamerTestServer;
  let pro: SignedInUser;

  beforeAll(async () => {
    // Timers and Date are fake (and also move with real time, so the database and HTTP work).
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    server = await createDreamerTestServer(target);
    pro = await createMember(server.app, server.adminCookie, 'PRO');
  });
  afterAll(async () => {
    await server?.close();
    vi.useRealTimers();
  });

  it('runs an automation scheduled every minute, as its owner, each step charged', async () => {
    await priceResource(server.app, server.adminCookie, 'tool:dreamer.validatePipeline', 1);
    await grantTokens(server.app, server.adminCookie, pro.id, 10);
    const id = await storeAutomation(server.app, pro, {
      name: 'minutely',
      trigger: { type: 'schedule', cron: '* * * * *' },
      steps: [CHECK_STEP, { action: 'dream', args: { topic: 'tea' } }],
    });
    expect(await listRuns(server.app, pro)).toEqual([]);

    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(
      async () => expect((await listRuns(server.app, pro)).map((run) => run.status)).toEqual(['done']),
      {
        timeout: 20_000,
        interval: 20,
      },
    );
    const [run] = await listRuns(server.app, pro);
    expect(run).toMatchObject({
      automationId: id,
      automationName: 'minutely',
      trigger: { type: 'schedule' },
    });
    expect(run?.steps.map((step) => [step.capability, step.status])).toEqual([
      ['dreamer.validatePipeline', 'done'],
      ['automations.dream', 'done'],
    ]);
    expect(run?.steps[1]?.result).toMatchObject({ status: 'done' });
    expect((await readWalletTotals(server.app, pro.id)).balance).toBe(9);

    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(
      async () =>
        expect((await listRuns(server.app, pro)).filter((entry) => entry.status === 'done')).toHaveLength(2),
      {
        timeout: 20_000,
        interval: 20,
      },
    );
    expect((await readWalletTotals(server.app, pro.id)).balance).toBe(8);
    // Run records are written by the server only.
    const planted = await server.app.inject({
      method: 'POST',
      url: '/db/automation_runs',
      headers: { cookie: pro.cookie },
      payload: { status: 'done' },
    });
    expect(planted.statusCode).toBe(403);
    await server.app.inject({
      method: 'DELETE',
      url: `/db/automations/${id}`,
      headers: { cookie: pro.cookie },
    });
  });

  it('ends a run at a step the owner may not take, with the same code as every surface', async () => {
    const plain = await createMember(server.app, server.adminCookie);
    const id = await storeAutomation(server.app, plain, {
      name: 'dreamy',
      trigger: { type: 'manual' },
      steps: [{ action: 'dream', args: { topic: 'tea' } }, CHECK_STEP],
    });
    const queued = await server.app.inject({
      method: 'POST',
      url: `/api/automations/${id}/run`,
      headers: { cookie: plain.cookie },
    });
    expect(queued.statusCode).toBe(202);
    await vi.waitFor(async () => expect((await listRuns(server.app, plain))[0]?.status).toBe('error'), {
      timeout: 20_000,
      interval: 20,
    });
    const [run] = await listRuns(server.app, plain);
    expect(run?.error?.code).toBe('GATE_MEMBERSHIP_REQUIRED');
    expect(run?.steps).toHaveLength(1);
    expect(run?.id).toBe(queued.json().runId);
  });

  it('starts an event automation when its owner’s dream finishes, and lists bad automations with problems', async () => {
    const id = await storeAutomation(server.app, pro, {
      name: 'after-dream',
      trigger: { type: 'event', event: 'dreamer.run.finished' },
      steps: [CHECK_STEP],
    });
    await storeAutomation(server.app, pro, {
      name: 'broken',
      trigger: { type: 'schedule', cron: 'every day' },
      steps: [],
    });
    const listed = (
      await server.app.inject({ method: 'GET', url: '/api/automations', headers: { cookie: pro.cookie } })
    ).json().automations;
    expect(
      (listed as Array<{ name: string; problems: string[] }>).find((entry) => entry.name === 'broken')
        ?.problems,
    ).toHaveLength(2);
    const dreamt = await server.app.inject({
      method: 'POST',
      url: '/api/functions/dream/call',
      headers: { cookie: pro.cookie },
      payload: { topic: 'bees' },
    });
    expect(dreamt.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const runs = (await listRuns(server.app, pro)).filter((run) => run.automationId === id);
        expect(
          runs.map((run) => {
            const trigger = run.trigger as { event?: string; payload?: { runId?: string } };
            return [run.status, trigger.event, trigger.payload?.runId];
          }),
        ).toEqual([['done', 'dreamer.run.finished', dreamt.json().result.runId]]);
      },
      { timeout: 20_000, interval: 20 },
    );
  });
  it('runs the example of docs/automations.md as written', async () => {
    const id = await storeAutomation(
      server.app,
      pro,
      JSON.parse(readDocExample('automations.md', 'automation')),
    );
    const queued = await server.app.inject({
      method: 'POST',
      url: `/api/automations/${id}/run`,
      headers: { cookie: pro.cookie },
    });
    expect(queued.statusCode).toBe(202);
    await vi.waitFor(
      async () =>
        expect((await listRuns(server.app, pro)).find((run) => run.id === queued.json().runId)?.status).toBe(
          'done',
        ),
      { timeout: 20_000, interval: 20 },
    );
    const run = (await listRuns(server.app, pro)).find((entry) => entry.id === queued.json().runId);
    expect(run?.steps.map((step) => step.capability)).toEqual([
      'dreamer.validatePipeline',
      'automations.dream',
    ]);
  });
});

describe.each(testDatabaseTargets())('automation runs across a restart on $name', (target) => {
  it('runs a queued run after a restart and marks one cut short by a dead process interrupted', async () => {
    const first = await createTestServer(target, FIXTURE_ENV);
    const owner = await signUp(first.app, 'restart-owner@example.com');
    const id = await storeAutomation(first.app, owner, {
      name: 'check',
      trigger: { type: 'manual' },
      steps: [CHECK_STEP],
    });
    await first.app.close();
    // While no process runs: one run queued, one left running by a process that died.
    const db = first.database.db;
    const automation = { id, owner: owner.id, name: 'check' };
    const queued = await enqueueRun(db, { automation, trigger: { type: 'manual' }, now: Date.now() });
    const cut = await enqueueRun(db, { automation, trigger: { type: 'manual' }, now: Date.now() });
    await db
      .updateTable('documents')
      .set({
        body: toRunBody({
          status: 'running',
          automationId: id,
          automationName: 'check',
          trigger: { type: 'manual' },
          steps: [],
          runner: 'a-process-that-died',
          heartbeatAt: Date.now() - 10 * 60_000,
          queuedAt: new Date().toISOString(),
        }),
      })
      .where('id', '=', cut.id)
      .execute();

    const second = await buildServer({
      config: first.config,
      database: first.database,
      mailer: first.mailer,
      clock: first.clock,
    });
    try {
      await second.ready();
      await vi.waitFor(
        async () => {
          const runs = await listRuns(second, owner);
          const statusOf = (runId: string) => runs.find((run) => run.id === runId)?.status;
          expect([statusOf(queued.id), statusOf(cut.id)]).toEqual(['done', 'interrupted']);
        },
        { timeout: 20_000, interval: 50 },
      );
      const interrupted = (await listRuns(second, owner)).find((run) => run.id === cut.id);
      expect(interrupted?.error?.code).toBe('AUTOMATION_INTERRUPTED');
    } finally {
      await second.close();
      await first.database.destroy();
    }
  });

  it('records a run cut short by a graceful stop mid-step as interrupted', async () => {
    // A webhook receiver that takes the request and never answers: the step is in flight.
    const held: Array<() => void> = [];
    const receiver = createServer((request) => held.push(() => request.socket.destroy()));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    const server = await createTestServer(target, {
      ...FIXTURE_ENV,
      SVC_INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
    });
    try {
      const owner = await signUp(server.app, 'graceful-owner@example.com');
      const hook = await server.app.inject({
        method: 'POST',
        url: '/api/integrations',
        headers: { cookie: owner.cookie },
        payload: { name: 'slow', url: `http://127.0.0.1:${port}/hook` },
      });
      expect(hook.statusCode).toBe(201);
      const id = await storeAutomation(server.app, owner, {
        name: 'slow',
        trigger: { type: 'manual' },
        steps: [CHECK_STEP, { action: 'integrations.slow' }, CHECK_STEP],
      });
      const queued = await server.app.inject({
        method: 'POST',
        url: `/api/automations/${id}/run`,
        headers: { cookie: owner.cookie },
      });
      await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 20_000, interval: 20 });
      await server.app.close();
      const row = await server.database.db
        .selectFrom('documents')
        .select('body')
        .where('id', '=', queued.json().runId)
        .executeTakeFirstOrThrow();
      const run = JSON.parse(row.body) as RunRecord;
      expect(run.status).toBe('interrupted');
      expect(run.error?.code).toBe('AUTOMATION_INTERRUPTED');
      expect(run.steps.map((step) => [step.capability, step.status])).toEqual([
        ['dreamer.validatePipeline', 'done'],
      ]);
    } finally {
      for (const release of held) release();
      receiver.close();
      await server.database.destroy();
    }
  });
});
