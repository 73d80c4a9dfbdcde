/** The verdict on one use: allowed, or refused until `retryAfterMs` from now. */
export interface RateVerdict {
  allowed: boolean;
  retryAfterMs: number;
}

/**
 * Counts uses per key in fixed windows; one instance serves every surface. In memory per process
 * ({@link createRateLimiter}) or shared by every instance through Redis (`createRedisRateLimiter`).
 */
export interface RateLimiter {
  /**
   * Counts one use of `key` against `max` per `windowMs`. A refused use is not counted. The
   * in-memory limiter answers at once (so a single process's order of checks is unchanged); the
   * shared one answers a promise, rejecting with 503 `SERVER_REDIS_UNAVAILABLE` when its store
   * cannot be asked (it never allows then).
   */
  hit(key: string, limit: { max: number; windowMs: number }): RateVerdict | Promise<RateVerdict>;
}

/** Above this many keys, expired windows are swept on the next hit, so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

/**
 * A fixed-window rate limiter in memory (per server process, like `@fastify/rate-limit`'s
 * default store), on an injected clock.
 *
 * @example
 * const limiter = createRateLimiter(() => Date.now());
 * await limiter.hit('activity-pages.generatePage|203.0.113.9', { max: 30, windowMs: 60_000 });
 */
export function createRateLimiter(now: () => number): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, { max, windowMs }) {
      const at = now();
      if (windows.size > SWEEP_ABOVE) {
        for (const [stale, window] of windows) if (window.resetAt <= at) windows.delete(stale);
      }
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      if (window.count >= max) return { allowed: false, retryAfterMs: window.resetAt - at };
      window.count += 1;
      return { allowed: true, retryAfterMs: 0 };
    },
  };
}
