import type { Clock } from '../ports/clock.js';

/** A clock that only moves when told to. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(epochMs: number): void;
}

/**
 * Creates a manual clock starting at `start` (epoch ms).
 *
 * @example
 * const clock = createManualClock(Date.UTC(2026, 0, 1));
 * clock.advance(25 * 60 * 60 * 1000); // a day later: verification links have expired
 */
export function createManualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
    set(epochMs) {
      now = epochMs;
    },
  };
}
