import type { Clock } from '../ports/clock.js';

/**
 * A {@link Clock} that only moves when told to.
 *
 * @example
 * ```ts
 * const clock = createManualClock(new Date('2024-01-01T00:00:00Z'));
 * clock.advance(1000);
 * ```
 */
export function createManualClock(start: Date = new Date('2024-01-01T00:00:00.000Z')): Clock & {
  advance(ms: number): void;
  set(date: Date): void;
} {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
