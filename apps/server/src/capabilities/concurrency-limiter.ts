import { CapabilityError } from '../errors/capability-error.js';

/** A held slot; `release` is idempotent. */
export interface ConcurrencySlot {
  release(): void;
}

/** Uses in flight per capability and user, shared by every surface (and the area routes). */
export interface ConcurrencyLimiter {
  /**
   * Takes one of `userId`'s `limit` slots of `capabilityId`; throws 429
   * `CAP_TOO_MANY_CONCURRENT` (`details.capability`, `details.limit`) when none is free.
   */
  acquire(capabilityId: string, userId: string, limit: number): ConcurrencySlot;
  /** Slots `userId` holds for `capabilityId` now. */
  held(capabilityId: string, userId: string): number;
}

/**
 * Creates the per-user concurrency limiter (per server process). Heavy work — inline books,
 * dream runs — is refused past the limit rather than queued: the caller learns at once and
 * may retry, and nothing waits holding a request open.
 *
 * @example
 * const slot = limiter.acquire('dreamer.dream', user.id, 3);
 * try { await work(); } finally { slot.release(); }
 */
export function createConcurrencyLimiter(): ConcurrencyLimiter {
  const inFlight = new Map<string, number>();
  const keyOf = (capabilityId: string, userId: string): string => `${capabilityId}|${userId}`;
  return {
    acquire(capabilityId, userId, limit) {
      const key = keyOf(capabilityId, userId);
      const held = inFlight.get(key) ?? 0;
      if (held >= limit) {
        throw new CapabilityError(
          'CAP_TOO_MANY_CONCURRENT',
          `You already have ${held} ${capabilityId} calls in progress; wait for one to finish.`,
          { details: { capability: capabilityId, limit } },
        );
      }
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
    held(capabilityId, userId) {
      return inFlight.get(keyOf(capabilityId, userId)) ?? 0;
    },
  };
}
