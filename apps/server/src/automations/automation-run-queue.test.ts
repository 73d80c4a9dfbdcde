import type { GateDatabase } from '@svc/gate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import type { Database } from '../db/create-database.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { AutomationsDatabase } from './automation-migrations.js';
import { claimNextRun } from './automation-run-queue.js';

describe.each(testDatabaseTargets())('the automation run queue on $name', (target) => {
  let database: Database;
  const queue = () => database.db as unknown as Kysely<GateDatabase & AutomationsDatabase>;
  const claim = (runner: string) =>
    claimNextRun(database.db, {
      runner,
      now: Date.now(),
      perUser: 10,
      lastServed: new Map(),
      dialect: database.dialect,
    });

  beforeAll(async () => {
    database = await target.open();
    await migrateToLatest(database.db);
  });
  afterAll(async () => database?.destroy());

  it('hands each queued run to exactly one of many concurrent claimers', async () => {
    const runs = Array.from({ length: 24 }, (_, i) => ({
      run_id: `race-${String(i).padStart(2, '0')}`,
      owner: `owner-${i % 3}`,
      state: 'queued',
      queued_at: i,
      runner: null,
      heartbeat_at: null,
    }));
    await queue().insertInto('automation_run_queue').values(runs).execute();
    const claimed: string[] = [];
    for (;;) {
      const round = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(`worker-${i % 2}`)));
      const got = round.flatMap((run) => (run ? [run.runId] : []));
      claimed.push(...got);
      if (got.length === 0) break;
    }
    expect(new Set(claimed).size).toBe(claimed.length);
    expect([...claimed].sort()).toEqual(runs.map((run) => run.run_id));
  });

  it.skipIf(target.name !== 'postgres')(
    'on PostgreSQL a take skips a run another worker holds locked instead of waiting for it',
    async () => {
      await queue()
        .insertInto('automation_run_queue')
        .values(
          ['locked-a', 'locked-b'].map((runId, i) => ({
            run_id: runId,
            owner: 'owner-locked',
            state: 'queued',
            queued_at: 1000 + i,
            runner: null,
            heartbeat_at: null,
          })),
        )
        .execute();
      const taken = await queue()
        .transaction()
        .execute(async (trx) => {
          await trx
            .selectFrom('automation_run_queue')
            .select('run_id')
            .where('run_id', '=', 'locked-a')
            .forUpdate()
            .execute();
          return claim('worker-x');
        });
      expect(taken).toEqual({ runId: 'locked-b', owner: 'owner-locked' });
      expect(await claim('worker-y')).toEqual({ runId: 'locked-a', owner: 'owner-locked' });
    },
  );

  it.skipIf(target.name !== 'postgres')(
    'on PostgreSQL two workers claiming at once never start more runs of one owner than perUser',
    async () => {
      const [first, second] = await target.openShared();
      const shared = first.db as unknown as Kysely<GateDatabase & AutomationsDatabase>;
      try {
        await migrateToLatest(first.db);
        const owners = Array.from({ length: 6 }, (_, i) => `owner-once-${i}`);
        await shared
          .insertInto('automation_run_queue')
          .values(
            owners.flatMap((owner, i) =>
              [0, 1, 2].map((n) => ({
                run_id: `once-${i}-${n}`,
                owner,
                state: 'queued',
                queued_at: 5000 + i * 10 + n,
                runner: null,
                heartbeat_at: null,
              })),
            ),
          )
          .execute();
        const claimOn = (database: Database, runner: string) =>
          claimNextRun(database.db, {
            runner,
            now: Date.now(),
            perUser: 1,
            lastServed: new Map(),
            dialect: 'postgres',
          });
        // Both workers read "nothing running" for the same owners in the same instant.
        for (let round = 0; round < 6; round += 1) {
          await Promise.all([
            ...Array.from({ length: 4 }, () => claimOn(first, 'worker-a')),
            ...Array.from({ length: 4 }, () => claimOn(second, 'worker-b')),
          ]);
        }
        const running = await shared
          .selectFrom('automation_run_queue')
          .select(['owner', (eb) => eb.fn.countAll<number | string>().as('running')])
          .where('state', '=', 'running')
          .where('owner', 'in', owners)
          .groupBy('owner')
          .execute();
        expect(running.map((row) => [row.owner, Number(row.running)]).sort()).toEqual(
          owners.map((owner) => [owner, 1]),
        );
      } finally {
        await second.destroy();
        await first.destroy();
      }
    },
  );
});
