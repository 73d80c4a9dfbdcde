import { Redis } from 'ioredis';
import type { RedisConfig } from '../config/redis-config.js';
import { ConfigError } from '../config/server-config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis (`SVC_REDIS_URL`), or undefined on an install without one. */
    redis: SharedRedis | undefined;
  }
}

/** Where the shared Redis reports what it cannot answer for (a pino logger fits). */
export interface RedisLog {
  warn(object: Record<string, unknown>, message: string): void;
  info(object: Record<string, unknown>, message: string): void;
}

/**
 * The one Redis connection of a server process, shared by every limit and broadcast that must
 * hold across instances. Commands fail at once while Redis is away (no offline queue): callers
 * answer 503 `SERVER_REDIS_UNAVAILABLE` rather than wait or fall back to per-instance state.
 */
export interface SharedRedis {
  /** The command connection; keys are prefixed with `keyPrefix` by the client itself. */
  readonly client: Redis;
  /** `SVC_REDIS_PREFIX`: also put before channel names, which the client does not prefix. */
  readonly keyPrefix: string;
  /** How long a command may take before it counts as an outage (`SVC_REDIS_TIMEOUT_MS`). */
  readonly timeoutMs: number;
  /** A second connection in subscriber mode (made on the first call; closed with this one). */
  subscriber(): Redis;
  /** True while the command connection is up. */
  isReady(): boolean;
  /** Closes both connections. */
  close(): Promise<void>;
}

/** `redis://user:secret@host:6379/0` → `host:6379`: what may be logged or shown of the URL. */
function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'the configured address';
  }
}

function createRedisClient(config: RedisConfig): Redis {
  return new Redis(config.url, {
    keyPrefix: config.keyPrefix,
    lazyConnect: true,
    // Fail fast while disconnected: a limit that cannot be checked answers 503, it never queues.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: config.timeoutMs,
    commandTimeout: config.timeoutMs,
    // Keep trying to come back, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/**
 * Connects to the shared Redis and checks it answers (`PING`) before the server starts: an
 * unreachable Redis, a wrong password or a wrong database number is a {@link ConfigError} at
 * start naming `SVC_REDIS_URL` (never its password), not a failure at the first request.
 *
 * @example
 * const redis = await openSharedRedis(config.redis, app.log);
 * app.addHook('onClose', () => redis.close());
 */
export async function openSharedRedis(config: RedisConfig, log: RedisLog): Promise<SharedRedis> {
  const where = describeRedisUrl(config.url);
  const client = createRedisClient(config);
  // ioredis repeats the same error on every retry: log the loss once, and each new reason.
  let started = false;
  let down = false;
  let lastReason: string | undefined;
  const reportDown = (reason: string): void => {
    if (down && reason === lastReason) return;
    down = true;
    lastReason = reason;
    log.warn({ redis: where, reason }, 'shared Redis unavailable');
  };
  client.on('error', (error: Error) => reportDown(error.message));
  client.on('close', () => {
    if (!down && started) reportDown('connection closed');
  });
  client.on('ready', () => {
    if (down) log.info({ redis: where }, 'shared Redis available again');
    down = false;
    lastReason = undefined;
  });
  try {
    await client.connect();
    await client.ping();
    started = true;
  } catch (error) {
    client.disconnect();
    const reason = error instanceof Error ? error.message.replace(config.url, where) : String(error);
    throw new ConfigError([`SVC_REDIS_URL: Redis at ${where} did not answer (${reason}).`]);
  }
  let subscriber: Redis | undefined;
  return {
    client,
    keyPrefix: config.keyPrefix,
    timeoutMs: config.timeoutMs,
    subscriber() {
      if (subscriber === undefined) {
        subscriber = client.duplicate({ enableOfflineQueue: true });
        subscriber.on('error', () => {
          // The command connection logs outages; the subscriber resubscribes when it is back.
        });
      }
      return subscriber;
    },
    isReady: () => client.status === 'ready',
    async close() {
      await Promise.allSettled([client.quit(), subscriber?.quit()]);
    },
  };
}
