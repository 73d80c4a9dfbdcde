import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app/build-server.js';
import { FIXTURE_ENV, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { describeHealthz, listenOnLoopback, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { AUTOMATION_COLLECTION, MAX_AUTOMATIONS_PER_USER } from './automation-definition.js';
import type { AutomationsDatabase } from './automation-migrations.js';
import type { RunRecord } from './automation-runs.js';

const CHECK_STEP = { action: 'dreamer.validatePipeline', args: { pipeline: {} } };
/** Once a year: what a member stores by the thousand to crowd the scheduler. */
const YEARLY = { type: 'schedule', cron: '0 0 1 1 *' };
/** Automations stored before the per-user limit existed, older than any other: more than the old scheduler read. */
const CROWD = 6000;

type Run = RunRecord & { id: string };

/**
 * Polls `check` every 250 ms of real time until it holds (at most 40 s). Not `vi.waitFor`: under
 * fake timers it moves the clock by its interval on every check, and a long wait on a loaded
 * machine then fires the next minute's schedule early. 250 ms keeps a long wait under the list
 * limit (300 a minute).
 */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 40_000;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('the condition did not hold within 40 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.each(testDatabaseTargets())('scheduling by next due time, on $name', (target) => {
  let first: TestServer;
  let app: TestServer['app'];
  let base: string;

  const listRuns = async (user: SignedInUser): Promise<Run[]> => {
    const answer = await sendOverLoopback(base, 'GET', '/db/automation_runs?limit=100', {
      cookie: user.cookie,
    });
    if (answer.status !== 200)
      throw new Error(`listing runs answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json.items;
  };

  beforeAll(async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    first = await createTestServer(target, FIXTURE_ENV);
    await first.app.close();
    // Members of an earlier version stored thousands of yearly automations, before anyone else's.
    const body = JSON.stringify({ name: 'crowd', trigger: YEARLY, steps: [CHECK_STEP] });
    const oldest = Date.now() - 30 * 86_400_000;
    for (let start = 0; start < CROWD; start += 500) {
      await first.database.db
        .insertInto('documents')
        .values(
          Array.from({ length: 500 }, (_, index) => ({
            id: `crowd-${start + index}`,
            collection: AUTOMATION_COLLECTION,
            owner: `crowd-owner-${(start + index) % 60}`,
            visibility: 'private',
            created_at: oldest + start + index,
            updated_at: oldest + start + index,
            body,
          })),
        )
        .execute();
    }
    // The next start indexes what was stored while it was not running.
    app = await buildServer({
      config: first.config,
      database: first.database,
      mailer: first.mailer,
      clock: first.clock,
    });
    await app.ready();
    base = await listenOnLoopback(app);
    await vi.waitFor(
      async () => {
        const index = await (app.database.db as unknown as Kysely<AutomationsDatabase>)
          .selectFrom('automation_triggers')
          .select((eb) => eb.fn.countAll<number | string>().as('rows'))
          .executeTakeFirstOrThrow();
        expect(Number(index.rows)).toBe(CROWD);
      },
      { timeout: 60_000, interval: 200 },
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await first?.database.destroy();
    vi.useRealTimers();
  });

  it(`keeps one member to ${MAX_AUTOMATIONS_PER_USER} automations, with a typed error past it`, async () => {
    const member = await signUp(app, 'crowder@example.com');
    const answers = await Promise.all(
      Array.from({ length: MAX_AUTOMATIONS_PER_USER + 5 }, (_, n) =>
        sendOverLoopback(base, 'POST', '/db/automations', {
          cookie: member.cookie,
          body: { name: `yearly ${n}`, trigger: YEARLY, steps: [CHECK_STEP] },
        }),
      ),
    );
    // Sent all at once: the limit holds exactly under concurrency.
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_AUTOMATIONS_PER_USER);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(413);
      expect(answer.json.error).toMatchObject({
        code: 'GATE_QUOTA_EXCEEDED',
        details: { collection: 'automations', maxDocuments: MAX_AUTOMATIONS_PER_USER },
      });
    }
    const stored = await sendOverLoopback(base, 'GET', '/api/automations', { cookie: member.cookie });
    expect(stored.json.automations).toHaveLength(MAX_AUTOMATIONS_PER_USER);
  });

  it('runs a minutely automation behind thousands of older ones, each minute, and follows an edit', async () => {
    const member = await signUp(app, 'minutely@example.com');
    const created = await sendOverLoopback(base, 'POST', '/db/automations', {
      cookie: member.cookie,
      body: { name: 'minutely', trigger: { type: 'schedule', cron: '* * * * *' }, steps: [CHECK_STEP] },
    });
    expect(created.status).toBe(201);
    const seen = await probeHealthzAgainstBaseline(base, async () => {
      await vi.advanceTimersByTimeAsync(60_000);
      await waitUntil(async () => {
        const runs = await listRuns(member);
        return runs.length > 0 && runs.every((run) => run.status === 'done');
      });
    });
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
    const [run] = await listRuns(member);
    expect(run).toMatchObject({ automationId: created.json.id, trigger: { type: 'schedule' } });
    // Nothing of the crowd was due: no run of theirs was queued.
    const crowdRuns = await app.database.db
      .selectFrom('documents')
      .select('id')
      .where('collection', '=', 'automation_runs')
      .where('owner', 'like', 'crowd-owner-%')
      .execute();
    expect(crowdRuns).toEqual([]);

    // The fake clock also moves with real time (shouldAdvanceTime): on a slow machine a wait can
    // pass one more minute boundary, so the count is compared with what was there before.
    const beforeMinute = (await listRuns(member)).length;
    await vi.advanceTimersByTimeAsync(60_000);
    await waitUntil(async () => (await listRuns(member)).length > beforeMinute);

    // Made yearly: its next time moves at once, and the next minute queues nothing.
    const edited = await sendOverLoopback(base, 'PATCH', `/db/automations/${created.json.id}`, {
      cookie: member.cookie,
      body: { trigger: YEARLY },
    });
    expect(edited.status).toBe(200);
    const row = await (app.database.db as unknown as Kysely<AutomationsDatabase>)
      .selectFrom('automation_triggers')
      .select(['trigger_type', 'next_due_at'])
      .where('automation_id', '=', created.json.id)
      .executeTakeFirstOrThrow();
    expect(row.trigger_type).toBe('schedule');
    expect(new Date(Number(row.next_due_at)).toISOString()).toMatch(/-01-01T00:00:00\.000Z$/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const afterEdit = (await listRuns(member)).length;
    await vi.advanceTimersByTimeAsync(60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await listRuns(member)).toHaveLength(afterEdit);
  }, 120_000);

  it('forgets a schedule whose automation was removed other than through the data route', async () => {
    const member = await signUp(app, 'removed-by-hand@example.com');
    const created = await sendOverLoopback(base, 'POST', '/db/automations', {
      cookie: member.cookie,
      body: { name: 'gone', trigger: { type: 'schedule', cron: '* * * * *' }, steps: [CHECK_STEP] },
    });
    expect(created.status).toBe(201);
    await app.database.db.deleteFrom('documents').where('id', '=', created.json.id).execute();
    const index = app.database.db as unknown as Kysely<AutomationsDatabase>;
    const rowOf = () =>
      index
        .selectFrom('automation_triggers')
        .select('automation_id')
        .where('automation_id', '=', created.json.id)
        .executeTakeFirst();
    expect(await rowOf()).toBeDefined();
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect(await rowOf()).toBeUndefined(), { timeout: 20_000, interval: 50 });
    expect(await listRuns(member)).toEqual([]);
  });
});
