import { createHash } from 'node:crypto';
import { LOGIN_THROTTLE, type LoginThrottle } from '@svc/gate';
import type { Redis } from 'ioredis';
import { toRedisUnavailable } from './redis-unavailable.js';
import type { SharedRedis } from './shared-redis.js';

/**
 * `LOGIN_THROTTLE` for one account, atomically (the same rule as the gate's in-memory throttle):
 * KEYS[1] a hash {f: failures, l: last failure}, KEYS[2] a sorted set of addresses that signed
 * in, scored by when. Returns the wait in ms (0: counted, go ahead).
 */
const BEGIN_SCRIPT = `
local now = tonumber(ARGV[1])
local address = ARGV[2]
local free, base, cap = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local forget, knownTtl = tonumber(ARGV[6]), tonumber(ARGV[7])
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
if failures > 0 and now - last >= forget then failures = 0 end
local delay = 0
if failures >= free then delay = math.min(base * 2 ^ math.min(failures - free, 30), cap) end
-- Only a due wait refuses: instances' clocks differ a little, and that must not refuse a free try.
local wait = last + delay - now
if delay > 0 and wait > 0 then
  local seen = address ~= '' and redis.call('ZSCORE', KEYS[2], address)
  if not seen or now - tonumber(seen) >= knownTtl then return wait end
end
redis.call('HSET', KEYS[1], 'f', failures + 1, 'l', now)
redis.call('PEXPIRE', KEYS[1], forget)
return 0`;

/** A successful sign-in: clears the count, remembers the address (the most recent `maxKnown`). */
const SUCCESS_SCRIPT = `
local now, address = tonumber(ARGV[1]), ARGV[2]
redis.call('DEL', KEYS[1])
if address == '' then return 0 end
redis.call('ZADD', KEYS[2], now, address)
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[3]) + 1))
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[4]))
return 0`;

type ScriptedRedis = Redis & {
  svcLoginBegin(failuresKey: string, knownKey: string, ...args: Array<string | number>): Promise<number>;
  svcLoginSuccess(failuresKey: string, knownKey: string, ...args: Array<string | number>): Promise<number>;
};

/**
 * The gate's per-account login throttle on the shared Redis, so five free failures are five
 * across every instance. Accounts are stored by the SHA-256 of the email (no addresses in
 * Redis's keys), under `<SVC_REDIS_PREFIX>login:`; times come from the gate's clock. While Redis
 * is away a sign-in answers 503 `SERVER_REDIS_UNAVAILABLE` (fail closed).
 *
 * @example
 * const gate = createGate({ …, loginThrottle: createRedisLoginThrottle(redis) });
 */
export function createRedisLoginThrottle(redis: SharedRedis): LoginThrottle {
  const client = redis.client as ScriptedRedis;
  if (typeof client.svcLoginBegin !== 'function') {
    client.defineCommand('svcLoginBegin', { numberOfKeys: 2, lua: BEGIN_SCRIPT });
    client.defineCommand('svcLoginSuccess', { numberOfKeys: 2, lua: SUCCESS_SCRIPT });
  }
  const keysOf = (account: string): [string, string] => {
    const id = createHash('sha256').update(account).digest('hex');
    return [`login:{${id}}`, `login:{${id}}:known`];
  };
  return {
    async beginAttempt({ account, address, now }) {
      const rule = LOGIN_THROTTLE;
      try {
        const wait = await client.svcLoginBegin(
          ...keysOf(account),
          now,
          address ?? '',
          rule.freeFailures,
          rule.baseDelayMs,
          rule.maxDelayMs,
          rule.forgetAfterMs,
          rule.knownAddressTtlMs,
        );
        return { retryAfterMs: Math.max(0, Math.ceil(wait)) };
      } catch (error) {
        throw toRedisUnavailable(error, 'sign-in throttle');
      }
    },
    async recordSuccess({ account, address, now }) {
      try {
        await client.svcLoginSuccess(
          ...keysOf(account),
          now,
          address ?? '',
          LOGIN_THROTTLE.maxKnownAddresses,
          LOGIN_THROTTLE.knownAddressTtlMs,
        );
      } catch (error) {
        throw toRedisUnavailable(error, 'sign-in throttle');
      }
    },
  };
}
