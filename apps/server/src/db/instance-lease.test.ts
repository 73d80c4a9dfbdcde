import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import { ConfigError } from '../config/server-config.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServerPair } from '../testing/test-server.js';
import type { Database } from './create-database.js';
import { type ClaimInstanceIdOptions, claimInstanceId, type InstanceLease } from './instance-lease.js';
import type { InstancesDatabase } from './instance-migrations.js';

const quiet = { info() {}, warn() {}, error() {} };
// A holder beats every 20 ms; a claimer watches a fresh lease for a whole second before taking it
// over, so a loaded database (the suite's other files share it) cannot hide 50 beats. With the
// default window (two beats plus 20 ms) a CI run once saw none and took a live holder's name.
const FAST = { heartbeatMs: 20, leaseMs: 2_000, watchMs: 1_000, log: quiet } as const;

describe.each(testDatabaseTargets())('instance names on one $name database', (target) => {
  let databases: [Database, Database];
  const leases: InstanceLease[] = [];
  const claim = async (index: 0 | 1, options: Omit<ClaimInstanceIdOptions, 'db' | 'log'>) => {
    const lease = await claimInstanceId({ ...FAST, db: databases[index].db, ...options });
    leases.push(lease);
    return lease;
  };
  const rows = (name: string) =>
    (databases[0].db as unknown as Kysely<InstancesDatabase>)
      .selectFrom('server_instances')
      .selectAll()
      .where('instance_id', 'like', `${name}%`)
      .orderBy('instance_id')
      .execute();

  beforeAll(async () => {
    databases = await target.openShared();
    await migrateToLatest(databases[0].db);
  });
  afterAll(async () => {
    for (const lease of leases) await lease.release();
    await databases?.[1].destroy();
    await databases?.[0].destroy();
  });

  it('gives a derived name held by a live instance a suffix, and frees it on release', async () => {
    const first = await claim(0, { instanceId: 'box:3000', source: 'derived' });
    const second = await claim(1, { instanceId: 'box:3000', source: 'derived' });
    const third = await claim(1, { instanceId: 'box:3000', source: 'derived' });
    expect([first.id, second.id, third.id]).toEqual(['box:3000', 'box:3000~2', 'box:3000~3']);
    await second.release();
    expect((await rows('box:3000')).map((row) => row.instance_id)).toEqual(['box:3000', 'box:3000~3']);
    const again = await claim(0, { instanceId: 'box:3000', source: 'derived' });
    expect(again.id).toBe('box:3000~2');
  });

  it('refuses an explicit SVC_INSTANCE_ID a live instance holds, naming the variable', async () => {
    await claim(0, { instanceId: 'web-1', source: 'environment' });
    const refused = await claim(1, { instanceId: 'web-1', source: 'environment' }).catch((error) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems).toEqual([expect.stringContaining('SVC_INSTANCE_ID "web-1"')]);
    expect(await rows('web-1')).toHaveLength(1);
  });

  it('lets exactly one of two instances starting at once with one explicit name have it', async () => {
    const outcomes = await Promise.allSettled([
      claim(0, { instanceId: 'web-2', source: 'environment' }),
      claim(1, { instanceId: 'web-2', source: 'environment' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await rows('web-2')).toHaveLength(1);
  });

  it('takes over an explicit name whose holder crashed, once it is seen not to beat', async () => {
    const db = databases[0].db as unknown as Kysely<InstancesDatabase>;
    // A lease left by a process that died a moment ago: fresh, but never beating again.
    const at = Date.now();
    await db
      .insertInto('server_instances')
      .values({ instance_id: 'web-3', holder: 'crashed', started_at: at, heartbeat_at: at })
      .execute();
    const lease = await claim(1, { instanceId: 'web-3', source: 'environment' });
    expect(lease.id).toBe('web-3');
    expect((await rows('web-3'))[0]?.holder).not.toBe('crashed');
  });

  it('takes a name whose lease expired at once, derived or explicit', async () => {
    const db = databases[0].db as unknown as Kysely<InstancesDatabase>;
    const long = Date.now() - 60_000;
    await db
      .insertInto('server_instances')
      .values([
        { instance_id: 'old:3000', holder: 'gone', started_at: long, heartbeat_at: long },
        { instance_id: 'old-web', holder: 'gone', started_at: long, heartbeat_at: long },
      ])
      .execute();
    const derived = await claim(0, { instanceId: 'old:3000', source: 'derived' });
    const explicit = await claim(1, { instanceId: 'old-web', source: 'environment' });
    expect([derived.id, explicit.id]).toEqual(['old:3000', 'old-web']);
  });
});

describe.each(testDatabaseTargets())('two servers on one $name database', (target) => {
  it('run under distinct names when both derive hostname:port, and free them when they close', async () => {
    const pair = await createTestServerPair(target, {});
    const ids = pair.map((server) => server.app.svcConfig.instanceId);
    const db = pair[0].database.db as unknown as Kysely<InstancesDatabase>;
    try {
      expect(ids).toEqual([`${hostname()}:3000`, `${hostname()}:3000~2`]);
      expect((await db.selectFrom('server_instances').select('instance_id').execute()).length).toBe(2);
      await pair[1].app.close();
      await pair[0].app.close();
      expect(await db.selectFrom('server_instances').select('instance_id').execute()).toEqual([]);
    } finally {
      await pair.close();
    }
  });
});
