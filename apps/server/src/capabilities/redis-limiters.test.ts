import { afterAll, describe, expect, it } from 'vitest';
import { openSharedRedis, type RedisLog, type SharedRedis } from '../redis/shared-redis.js';
import { startPrivateRedisServer } from '../testing/private-redis-server.js';
import { testRedisConfig } from '../testing/test-redis.js';
import { createRedisConcurrencyLimiter } from './redis-concurrency-limiter.js';
import { createRedisRateLimiter } from './redis-rate-limiter.js';

const quiet: RedisLog = { warn: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the limiters on Redis', () => {
  const opened: SharedRedis[] = [];
  const open = async (config = testRedisConfig()) => {
    const redis = await openSharedRedis(config, quiet);
    opened.push(redis);
    return redis;
  };
  afterAll(async () => {
    for (const redis of opened) await redis.close();
  });

  it('counts a fixed window across connections and does not count refused uses', async () => {
    const config = testRedisConfig();
    const [one, two] = [
      createRedisRateLimiter(await open(config)),
      createRedisRateLimiter(await open(config)),
    ];
    const verdicts = await Promise.all(
      Array.from({ length: 9 }, (_, index) => (index % 2 ? one : two).hit('k', { max: 4, windowMs: 60_000 })),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(4);
    const refused = verdicts.find((verdict) => !verdict.allowed);
    expect(refused?.retryAfterMs).toBeGreaterThan(0);
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await one.hit('other', { max: 4, windowMs: 60_000 })).allowed).toBe(true);
  });

  it('frees the slots of an instance that crashed once their lease runs out', async () => {
    const config = testRedisConfig();
    const crashing = await openSharedRedis(config, quiet);
    const survivor = createRedisConcurrencyLimiter(await open(config), { leaseMs: 400 });
    const doomed = createRedisConcurrencyLimiter(crashing, { leaseMs: 400 });
    await doomed.acquire('demo.heavy', 'u1', 2);
    await doomed.acquire('demo.heavy', 'u1', 2);
    await expect(survivor.acquire('demo.heavy', 'u1', 2)).rejects.toMatchObject({
      code: 'CAP_TOO_MANY_CONCURRENT',
      details: { capability: 'demo.heavy', limit: 2 },
    });
    crashing.client.disconnect(); // no release, no more refreshes: the process is gone
    await expect.poll(() => survivor.held('demo.heavy', 'u1'), { timeout: 5_000 }).toBe(0);
    const slot = await survivor.acquire('demo.heavy', 'u1', 2);
    slot.release();
  });

  it('keeps a held slot past its lease while the holder lives, and releases once', async () => {
    const limiter = createRedisConcurrencyLimiter(await open(), { leaseMs: 300 });
    const first = await limiter.acquire('demo.long', 'u2', 2);
    const second = await limiter.acquire('demo.long', 'u2', 2);
    await sleep(1_000); // three leases: the refreshes kept both slots
    expect(await limiter.held('demo.long', 'u2')).toBe(2);
    first.release();
    first.release(); // idempotent: the second call does not free the other slot
    await expect.poll(() => limiter.held('demo.long', 'u2')).toBe(1);
    second.release();
    await expect.poll(() => limiter.held('demo.long', 'u2')).toBe(0);
  });

  it('answers 503 SERVER_REDIS_UNAVAILABLE while Redis is down, and counts again when it is back', async () => {
    const server = await startPrivateRedisServer();
    try {
      const redis = await open(testRedisConfig({ url: server.url, timeoutMs: 500 }));
      const rate = createRedisRateLimiter(redis);
      const slots = createRedisConcurrencyLimiter(redis);
      expect((await rate.hit('k', { max: 1, windowMs: 60_000 })).allowed).toBe(true);
      await server.stop();
      await expect(rate.hit('k', { max: 1, windowMs: 60_000 })).rejects.toMatchObject({
        code: 'SERVER_REDIS_UNAVAILABLE',
      });
      await expect(slots.acquire('demo.heavy', 'u3', 1)).rejects.toMatchObject({
        code: 'SERVER_REDIS_UNAVAILABLE',
      });
      await server.start();
      await expect.poll(() => redis.isReady(), { timeout: 10_000 }).toBe(true);
      expect((await rate.hit('k', { max: 1, windowMs: 60_000 })).allowed).toBe(true);
      const slot = await slots.acquire('demo.heavy', 'u3', 1);
      await expect(slots.acquire('demo.heavy', 'u3', 1)).rejects.toMatchObject({
        code: 'CAP_TOO_MANY_CONCURRENT',
      });
      slot.release();
    } finally {
      await server.stop();
    }
  });
});
