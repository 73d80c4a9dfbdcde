import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app/build-server.js';
import { FIXTURE_ENV, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { describeHealthz, listenOnLoopback, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { AUTOMATION_COLLECTION } from './automation-definition.js';
import type { AutomationsDatabase } from './automation-migrations.js';
import type { RunRecord } from './automation-runs.js';

/** Automations the member stored before the per-user limit existed, none listening to an event. */
const STORED = 4120;
/** Each as large as a member would make it: twenty steps with arguments, about 12 KB. */
const LARGE_AUTOMATION = JSON.stringify({
  name: 'quiet',
  trigger: { type: 'schedule', cron: '0 0 1 1 *' },
  steps: Array.from({ length: 20 }, (_, n) => ({
    action: 'dreamer.validatePipeline',
    args: { pipeline: { name: `p${n}`, notes: 'n'.repeat(500) } },
  })),
});

type Run = RunRecord & { id: string };

describe.each(testDatabaseTargets())('event triggers read only their listeners, on $name', (target) => {
  let first: TestServer;
  let app: TestServer['app'];
  let base: string;
  let member: SignedInUser;
  const listeners = { notes: '', other: '' };

  beforeAll(async () => {
    first = await createTestServer(target, FIXTURE_ENV);
    member = await signUp(first.app, 'many-automations@example.com');
    // Two listeners, one on deletions in `notes`, one on deletions in `other`.
    for (const collection of ['notes', 'other'] as const) {
      const created = await first.app.inject({
        method: 'POST',
        url: '/db/automations',
        headers: { cookie: member.cookie },
        payload: {
          name: `on ${collection}`,
          trigger: { type: 'event', event: 'gate.document.deleted', collection },
          steps: [{ action: 'dreamer.validatePipeline', args: { pipeline: {} } }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      listeners[collection] = created.json().id;
    }
    await first.app.close();
    // Thousands more, stored before the per-user limit existed.
    const now = Date.now() - 86_400_000;
    for (let start = 0; start < STORED; start += 200) {
      await first.database.db
        .insertInto('documents')
        .values(
          Array.from({ length: Math.min(200, STORED - start) }, (_, index) => ({
            id: `quiet-${start + index}`,
            collection: AUTOMATION_COLLECTION,
            owner: member.id,
            visibility: 'private',
            created_at: now + start + index,
            updated_at: now + start + index,
            body: LARGE_AUTOMATION,
          })),
        )
        .execute();
    }
    app = await buildServer({
      config: first.config,
      database: first.database,
      mailer: first.mailer,
      clock: first.clock,
    });
    await app.ready();
    base = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
    await first?.database.destroy();
  });

  it('deletes ten documents without reading the thousands of automations nobody listens with', async () => {
    // The start indexes the automations stored while no server ran, in the background.
    await vi.waitFor(
      async () => {
        const index = await (app.database.db as unknown as Kysely<AutomationsDatabase>)
          .selectFrom('automation_triggers')
          .select((eb) => eb.fn.countAll<number | string>().as('rows'))
          .where('owner', '=', member.id)
          .executeTakeFirstOrThrow();
        expect(Number(index.rows)).toBe(STORED + 2);
      },
      { timeout: 60_000, interval: 200 },
    );
    const notes: string[] = [];
    for (let n = 0; n < 10; n++) {
      const created = await sendOverLoopback(base, 'POST', '/db/notes', {
        cookie: member.cookie,
        body: { n },
      });
      notes.push(created.json.id);
    }
    const seen = await probeHealthzAgainstBaseline(base, async () => {
      for (const id of notes) {
        const deleted = await sendOverLoopback(base, 'DELETE', `/db/notes/${id}`, { cookie: member.cookie });
        expect(deleted.status).toBe(204);
      }
    });
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
    let runs: Run[] = [];
    await vi.waitFor(
      async () => {
        runs = (
          await sendOverLoopback(base, 'GET', '/db/automation_runs?limit=100', { cookie: member.cookie })
        ).json.items;
        expect(runs.map((run) => run.status)).toEqual(['done']);
      },
      { timeout: 20_000, interval: 50 },
    );
    // The listener on notes ran once (the cooldown holds the other nine); the one on another collection never.
    expect(runs[0]).toMatchObject({
      automationId: listeners.notes,
      trigger: { type: 'event', event: 'gate.document.deleted', payload: { collection: 'notes' } },
    });
    expect(runs.some((run) => run.automationId === listeners.other)).toBe(false);
  }, 120_000);
});
