/**
 * Clock port: the only source of time in the core, so tests can pin it.
 *
 * @example
 * ```ts
 * const clock: Clock = { now: () => new Date() };
 * ```
 */
export interface Clock {
  /** Current time. */
  now(): Date;
}
