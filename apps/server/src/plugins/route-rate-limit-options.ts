import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { toRedisUnavailable } from '../redis/redis-unavailable.js';
import type { SharedRedis } from '../redis/shared-redis.js';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The part of the plugin's own Redis store this file uses (its atomic INCR + PEXPIRE script). */
interface PluginRedisStore {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): PluginRedisStore;
}
type PluginRedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginRedisStore;

// The plugin exports its Redis store only as a file; it is CommonJS, so it is required.
const RedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore.js',
) as PluginRedisStoreCtor;

/** The plugin's Redis store, with a Redis failure turned into 503 `SERVER_REDIS_UNAVAILABLE`. */
function wrapStore(inner: PluginRedisStore): FastifyRateLimitStore {
  return {
    incr(key, callback, timeWindow, max) {
      inner.incr(
        key,
        (error, result) =>
          error ? callback(toRedisUnavailable(error, 'rate limit')) : callback(null, result),
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => wrapStore(inner.child(routeOptions)),
  };
}

/**
 * The options of `@fastify/rate-limit` (registered with `global: false`; routes set
 * `config.rateLimit`). Without a shared Redis the counts are in memory, per instance. With one,
 * they are in Redis under `<SVC_REDIS_PREFIX>route-rate:<method><url>-<key>`, so a limit of 10
 * a minute lets 10 through across all instances; while Redis is away those routes answer 503
 * `SERVER_REDIS_UNAVAILABLE` (fail closed: `skipOnError` is false, nothing is let through
 * uncounted and nothing falls back to per-instance counting).
 *
 * @example
 * await app.register(fastifyRateLimit, createRouteRateLimitOptions(app.redis));
 */
export function createRouteRateLimitOptions(redis: SharedRedis | undefined): FastifyRateLimitOptions {
  if (redis === undefined) return { global: false };
  const client = redis.client;
  const Store: FastifyRateLimitStoreCtor = class {
    // The plugin passes its resolved global parameters.
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const inner = new RedisStore(
        options.continueExceeding === true,
        options.exponentialBackoff === true,
        client,
        'route-rate:',
      );
      // biome-ignore lint/correctness/noConstructorReturn: the plugin only needs an object with incr and child.
      return wrapStore(inner);
    }
  } as unknown as FastifyRateLimitStoreCtor;
  return { global: false, skipOnError: false, store: Store };
}
