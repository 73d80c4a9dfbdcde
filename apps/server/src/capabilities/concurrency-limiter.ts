import { CapabilityError } from '../errors/capability-error.js';

/** A held slot; `release` is idempotent (a second call does nothing). */
export interface ConcurrencySlot {
  release(): void;
}

/**
 * Uses in flight per capability and user, shared by every surface (and the area routes): in
 * memory per process ({@link createConcurrencyLimiter}) or an expiring semaphore in Redis shared
 * by every instance (`createRedisConcurrencyLimiter`).
 */
export interface ConcurrencyLimiter {
  /**
   * Takes one of `userId`'s `limit` slots of `capabilityId`; rejects with 429
   * `CAP_TOO_MANY_CONCURRENT` (`details.capability`, `details.limit`) when none is free, and with
   * 503 `SERVER_REDIS_UNAVAILABLE` when the shared store cannot be asked. The in-memory limiter
   * answers at once (a single process's order of checks is unchanged), the shared one a promise.
   */
  acquire(capabilityId: string, userId: string, limit: number): ConcurrencySlot | Promise<ConcurrencySlot>;
  /** Slots `userId` holds for `capabilityId` now. */
  held(capabilityId: string, userId: string): Promise<number>;
}

/** The refusal of a use past the limit (the same from every limiter). */
export function tooManyConcurrent(capabilityId: string, held: number, limit: number): CapabilityError {
  return new CapabilityError(
    'CAP_TOO_MANY_CONCURRENT',
    `You already have ${held} ${capabilityId} calls in progress; wait for one to finish.`,
    { details: { capability: capabilityId, limit } },
  );
}

/**
 * Creates the per-user concurrency limiter (per server process). Heavy work — inline books,
 * dream runs — is refused past the limit rather than queued: the caller learns at once and
 * may retry, and nothing waits holding a request open.
 *
 * @example
 * const slot = await limiter.acquire('dreamer.dream', user.id, 3);
 * try { await work(); } finally { slot.release(); }
 */
export function createConcurrencyLimiter(): ConcurrencyLimiter {
  const inFlight = new Map<string, number>();
  const keyOf = (capabilityId: string, userId: string): string => `${capabilityId}|${userId}`;
  return {
    acquire(capabilityId, userId, limit) {
      const key = keyOf(capabilityId, userId);
      const held = inFlight.get(key) ?? 0;
      if (held >= limit) throw tooManyConcurrent(capabilityId, held, limit);
      inFlight.set(key, held + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (inFlight.get(key) ?? 1) - 1;
          if (left <= 0) inFlight.delete(key);
          else inFlight.set(key, left);
        },
      };
    },
    async held(capabilityId, userId) {
      return inFlight.get(keyOf(capabilityId, userId)) ?? 0;
    },
  };
}
