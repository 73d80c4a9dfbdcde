import { describe, expect, it } from 'vitest';
import { openSharedRedis } from '../redis/shared-redis.js';
import { describeBroadcastContract } from '../testing/broadcast-contract.js';
import { startPrivateRedisServer } from '../testing/private-redis-server.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { testRedisConfig } from '../testing/test-redis.js';
import { decodeBroadcast } from './broadcast.js';
import type { BroadcastLog } from './broadcast-dispatch.js';
import { createInProcessBroadcast } from './in-process-broadcast.js';
import { openPostgresBroadcast } from './postgres-broadcast.js';
import { openRedisBroadcast } from './redis-broadcast.js';

const silent: BroadcastLog = { warn() {}, info() {} };

describeBroadcastContract('one process', async () => {
  const a = createInProcessBroadcast(silent);
  return { a, b: a, stranger: createInProcessBroadcast(silent), close: async () => undefined };
});

describeBroadcastContract('Redis pub/sub', async () => {
  const config = testRedisConfig();
  const redisA = await openSharedRedis(config, silent);
  const redisB = await openSharedRedis(config, silent);
  const redisStranger = await openSharedRedis(testRedisConfig(), silent);
  const [a, b, stranger] = await Promise.all([
    openRedisBroadcast(redisA, silent),
    openRedisBroadcast(redisB, silent),
    openRedisBroadcast(redisStranger, silent),
  ]);
  return {
    a,
    b,
    stranger,
    async close() {
      await Promise.all([a.close(), b.close(), stranger.close()]);
      await Promise.all([redisA.close(), redisB.close(), redisStranger.close()]);
    },
  };
});

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');
if (postgres) {
  describeBroadcastContract('PostgreSQL LISTEN/NOTIFY', async () => {
    const database = await postgres.open();
    const strangerDatabase = await postgres.open();
    const open = (db: typeof database) => {
      const openDedicatedClient = db.openDedicatedClient;
      if (!openDedicatedClient) throw new Error('a PostgreSQL test database opens dedicated clients');
      return openPostgresBroadcast({ db: db.db, openDedicatedClient }, silent);
    };
    const [a, b, stranger] = await Promise.all([open(database), open(database), open(strangerDatabase)]);
    return {
      a,
      b,
      stranger,
      async close() {
        await Promise.all([a.close(), b.close(), stranger.close()]);
        await Promise.all([database.destroy(), strangerDatabase.destroy()]);
      },
    };
  });
}

describe('the broadcast through an outage', () => {
  it('over Redis: publishing fails while Redis is down, and after it returns the bus resumes and says so', async () => {
    const server = await startPrivateRedisServer();
    const config = testRedisConfig({ url: server.url, timeoutMs: 500 });
    const redisA = await openSharedRedis(config, silent);
    const redisB = await openSharedRedis(config, silent);
    const a = await openRedisBroadcast(redisA, silent);
    const b = await openRedisBroadcast(redisB, silent);
    try {
      let resumes = 0;
      b.onResume(() => resumes++);
      const heard: unknown[] = [];
      b.subscribe('outage', (message) => heard.push(message));
      await server.stop();
      await expect.poll(() => b.isLive()).toBe(false);
      await expect(a.publish('outage', { n: 1 })).rejects.toThrow();
      await server.start();
      await expect.poll(() => resumes, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => a.isLive() && b.isLive(), { timeout: 10_000 }).toBe(true);
      await a.publish('outage', { n: 2 });
      await expect.poll(() => heard).toEqual([{ n: 2 }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([redisA.close(), redisB.close()]);
      await server.stop();
    }
  });

  it.skipIf(!postgres)(
    'over PostgreSQL: a listener whose connection is killed reconnects, listens again and says so',
    async () => {
      const database = await (postgres as NonNullable<typeof postgres>).open();
      const openDedicatedClient = database.openDedicatedClient;
      if (!openDedicatedClient) throw new Error('a PostgreSQL test database opens dedicated clients');
      const a = await openPostgresBroadcast({ db: database.db, openDedicatedClient }, silent);
      const b = await openPostgresBroadcast({ db: database.db, openDedicatedClient }, silent);
      try {
        let resumes = 0;
        b.onResume(() => resumes++);
        const heard: unknown[] = [];
        b.subscribe('outage', (message) => heard.push(message));
        // Every LISTENing connection of this install is cut, as a database restart would.
        const { sql } = await import('kysely');
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`LISTEN ${b.wireChannel}`}`.execute(
          database.db,
        );
        await expect.poll(() => resumes, { timeout: 10_000 }).toBe(1);
        await expect.poll(() => b.isLive()).toBe(true);
        await a.publish('outage', { n: 2 });
        await expect.poll(() => heard).toEqual([{ n: 2 }]);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await database.destroy();
      }
    },
  );
});

describe('the broadcast wire form', () => {
  it('reads garbage and foreign messages as nothing', () => {
    expect(decodeBroadcast('not json')).toBeUndefined();
    expect(decodeBroadcast('{"c":"x","m":{"deep":{"a":1}}}')).toBeUndefined();
    expect(decodeBroadcast('{"c":1,"m":{}}')).toBeUndefined();
    expect(decodeBroadcast('{"c":"x","m":{"a":1}}')).toEqual({ channel: 'x', message: { a: 1 } });
  });
});
