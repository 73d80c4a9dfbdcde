/**
 * The time source. Injected so tests can move time (token expiry, session lifetime) and so the
 * core never reads the wall clock directly.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };
