import type { Redis } from 'ioredis';
import { toRedisUnavailable } from '../redis/redis-unavailable.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * One fixed window per key, atomically: a refused use is not counted (as the in-memory limiter),
 * the window starts at the first counted use and is the key's time to live. Returns
 * `{allowed (1|0), retryAfterMs}`.
 */
const HIT_SCRIPT = `
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= max then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], window)
    ttl = window
  end
  return {0, ttl}
end
count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], window)
end
return {1, 0}
`;

type ScriptedRedis = Redis & {
  svcRateHit(key: string, max: number, windowMs: number): Promise<[number, number]>;
};

/**
 * The capability rate limiter shared by every instance on one Redis: a limit of 30 per minute
 * lets 30 through across all of them. Windows live in Redis (`<SVC_REDIS_PREFIX>cap-rate:<key>`)
 * and expire there. While Redis is away a hit rejects with 503 `SERVER_REDIS_UNAVAILABLE`:
 * fail closed, never uncounted, never per instance.
 *
 * @example
 * const limiter = createRedisRateLimiter(app.redis);
 * await limiter.hit('activity-pages.generatePage|client:203.0.113.9', { max: 30, windowMs: 60_000 });
 */
export function createRedisRateLimiter(redis: SharedRedis): RateLimiter {
  const client = redis.client as ScriptedRedis;
  if (typeof client.svcRateHit !== 'function')
    client.defineCommand('svcRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  return {
    async hit(key, { max, windowMs }) {
      try {
        const [allowed, retryAfterMs] = await client.svcRateHit(`cap-rate:${key}`, max, windowMs);
        return { allowed: allowed === 1, retryAfterMs };
      } catch (error) {
        throw toRedisUnavailable(error, 'rate limit');
      }
    },
  };
}
