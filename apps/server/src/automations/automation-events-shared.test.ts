import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerEventListener, ServerEventName, ServerEvents } from '../events/server-events.js';
import { FIXTURE_ENV, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServerPair, type TestServer } from '../testing/test-server.js';
import { EVENT_COOLDOWN_MS, subscribeEventTriggers } from './automation-events.js';
import type { RunRecord } from './automation-runs.js';

type Run = RunRecord & { id: string };

/** An emitter whose `emit` answers when every listener has finished, so a test can wait for them. */
function createAwaitedEvents(): ServerEvents & { deliver(payload: { owner: string }): Promise<void> } {
  const listeners: Array<ServerEventListener<'gate.document.deleted'>> = [];
  return {
    emit() {},
    on<Name extends ServerEventName>(name: Name, listener: ServerEventListener<Name>) {
      if (name === 'gate.document.deleted')
        listeners.push(listener as unknown as ServerEventListener<'gate.document.deleted'>);
      return () => {};
    },
    async deliver(payload) {
      await Promise.all(listeners.map((listener) => listener({ ...payload, collection: 'notes', id: 'n1' })));
    },
  };
}

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

describe.each(testDatabaseTargets())('event automations on two instances sharing $name', (target) => {
  let pair: Awaited<ReturnType<typeof createTestServerPair>>;
  let a: TestServer;
  let b: TestServer;
  let member: SignedInUser;
  let automationId: string;

  const listRuns = async (): Promise<Run[]> =>
    (
      await a.app.inject({
        method: 'GET',
        url: '/db/automation_runs?limit=100',
        headers: { cookie: member.cookie },
      })
    ).json().items;

  beforeAll(async () => {
    pair = await createTestServerPair(target, FIXTURE_ENV);
    [a, b] = pair;
    member = await signUp(a.app, 'two-instances@example.com');
    const created = await a.app.inject({
      method: 'POST',
      url: '/db/automations',
      headers: { cookie: member.cookie },
      payload: {
        name: 'on notes',
        trigger: { type: 'event', event: 'gate.document.deleted', collection: 'notes' },
        steps: [{ action: 'dreamer.validatePipeline', args: { pipeline: {} } }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    automationId = created.json().id;
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('runs once when the triggering deletes land on both instances at once', async () => {
    const ids: string[] = [];
    for (const server of [a, b, a, b]) {
      const note = await server.app.inject({
        method: 'POST',
        url: '/db/notes',
        headers: { cookie: member.cookie },
        payload: { n: ids.length },
      });
      ids.push(note.json().id);
    }
    const deletes = await Promise.all(
      ids.map((id, n) =>
        (n % 2 === 0 ? a : b).app.inject({
          method: 'DELETE',
          url: `/db/notes/${id}`,
          headers: { cookie: member.cookie },
        }),
      ),
    );
    expect(deletes.map((response) => response.statusCode)).toEqual([204, 204, 204, 204]);
    let runs: Run[] = [];
    await vi.waitFor(
      async () => {
        runs = await listRuns();
        expect(runs.map((run) => run.status)).toEqual(['done']);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(runs[0]).toMatchObject({
      automationId,
      trigger: { type: 'event', event: 'gate.document.deleted' },
    });
    expect(runs[0]?.id).toMatch(new RegExp(`^evt_${automationId}_\\d+$`));
  });

  it('queues one run when the same event reaches both instances, and one more once the window passed', async () => {
    // Past the window of the test above, on a clock both instances read.
    let now = Date.now() + 2 * EVENT_COOLDOWN_MS;
    const before = (await listRuns()).length;
    const emitters = [createAwaitedEvents(), createAwaitedEvents()];
    const offs = [a, b].map((server, n) =>
      subscribeEventTriggers({
        db: server.database.db,
        data: server.app.gate.data,
        events: emitters[n] as ServerEvents,
        log: quiet,
        onQueued() {},
        now: () => now,
      }),
    );
    try {
      await Promise.all(emitters.map((events) => events.deliver({ owner: member.id })));
      await vi.waitFor(async () => expect((await listRuns()).length).toBe(before + 1), {
        timeout: 20_000,
        interval: 50,
      });
      // Within the window, another delivery on either instance queues nothing.
      now += EVENT_COOLDOWN_MS - 1;
      await Promise.all(emitters.map((events) => events.deliver({ owner: member.id })));
      expect((await listRuns()).length).toBe(before + 1);
      // Once it passed, one more, on whichever instance sees it first.
      now += 1;
      await Promise.all(emitters.map((events) => events.deliver({ owner: member.id })));
      const runs = await listRuns();
      expect(runs.length).toBe(before + 2);
      expect(runs.filter((run) => run.id === `evt_${automationId}_${now}`)).toHaveLength(1);
    } finally {
      for (const off of offs) off();
    }
  });
});
