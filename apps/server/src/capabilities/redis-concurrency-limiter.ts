import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { toRedisUnavailable } from '../redis/redis-unavailable.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { type ConcurrencyLimiter, tooManyConcurrent } from './concurrency-limiter.js';

/** Redis's own clock in milliseconds, so instances with skewed clocks agree on expiries. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Drops expired slots, then adds this one if fewer than `limit` remain: `{taken (1|0), held}`. */
const ACQUIRE_SCRIPT = `${NOW}
local limit = tonumber(ARGV[1])
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZCARD', KEYS[1])
if held >= limit then return {0, held} end
redis.call('ZADD', KEYS[1], now + lease, ARGV[3])
redis.call('PEXPIRE', KEYS[1], lease * 2)
return {1, held + 1}`;

/** Extends a held slot's lease; 0 when it had already expired (and was dropped). */
const REFRESH_SCRIPT = `${NOW}
local lease = tonumber(ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[2]) == false then return 0 end
redis.call('ZADD', KEYS[1], 'XX', now + lease, ARGV[2])
redis.call('PEXPIRE', KEYS[1], lease * 2)
return 1`;

/** Slots whose lease has not run out. */
const HELD_SCRIPT = `${NOW}
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')`;

type ScriptedRedis = Redis & {
  svcSlotAcquire(key: string, limit: number, leaseMs: number, id: string): Promise<[number, number]>;
  svcSlotRefresh(key: string, leaseMs: number, id: string): Promise<number>;
  svcSlotHeld(key: string): Promise<number>;
};

/** How long a slot lives without a refresh (a crashed instance's slots free themselves after it). */
export const SLOT_LEASE_MS = 30_000;

/**
 * Per-user concurrency slots as an expiring semaphore in Redis, shared by every instance: a
 * sorted set per capability and user (`<SVC_REDIS_PREFIX>slots:<capability>|<user>`) whose
 * members are slot ids scored by their expiry. Acquiring drops expired slots, counts and adds in
 * one script (atomic); a held slot's lease is refreshed every third of `leaseMs`, so the slots of
 * an instance that crashed free themselves within `leaseMs`; release removes the slot once
 * (idempotent). While Redis is away, acquiring rejects with 503 `SERVER_REDIS_UNAVAILABLE`; a
 * release that cannot reach Redis is left to the lease.
 *
 * @example
 * const limiter = createRedisConcurrencyLimiter(app.redis);
 * const slot = await limiter.acquire('dreamer.dream', user.id, 3);
 * try { await work(); } finally { slot.release(); }
 */
export function createRedisConcurrencyLimiter(
  redis: SharedRedis,
  options: { leaseMs?: number } = {},
): ConcurrencyLimiter {
  const leaseMs = options.leaseMs ?? SLOT_LEASE_MS;
  const client = redis.client as ScriptedRedis;
  if (typeof client.svcSlotAcquire !== 'function') {
    client.defineCommand('svcSlotAcquire', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    client.defineCommand('svcSlotRefresh', { numberOfKeys: 1, lua: REFRESH_SCRIPT });
    client.defineCommand('svcSlotHeld', { numberOfKeys: 1, lua: HELD_SCRIPT });
  }
  const keyOf = (capabilityId: string, userId: string): string => `slots:${capabilityId}|${userId}`;
  return {
    async acquire(capabilityId, userId, limit) {
      const key = keyOf(capabilityId, userId);
      const id = randomUUID();
      let taken: number;
      let held: number;
      try {
        [taken, held] = await client.svcSlotAcquire(key, limit, leaseMs, id);
      } catch (error) {
        throw toRedisUnavailable(error, 'concurrency limit');
      }
      if (taken !== 1) throw tooManyConcurrent(capabilityId, held, limit);
      const refresh = setInterval(
        () => {
          // A failed refresh is retried at the next tick; past the lease the slot is simply free.
          client.svcSlotRefresh(key, leaseMs, id).catch(() => undefined);
        },
        Math.max(Math.floor(leaseMs / 3), 10),
      );
      refresh.unref();
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          clearInterval(refresh);
          client.zrem(key, id).catch(() => undefined);
        },
      };
    },
    async held(capabilityId, userId) {
      try {
        return await client.svcSlotHeld(keyOf(capabilityId, userId));
      } catch (error) {
        throw toRedisUnavailable(error, 'concurrency limit');
      }
    },
  };
}
