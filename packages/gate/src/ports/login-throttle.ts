/** One sign-in attempt as the per-account throttle sees it. */
export interface LoginAttempt {
  /** The normalised email (unknown and unreadable addresses are throttled alike). */
  account: string;
  /** The client address, when known: an address that signed in recently is never made to wait. */
  address: string | undefined;
  /** The gate's clock, in epoch milliseconds. */
  now: number;
}

/**
 * Where the per-account login rule (`LOGIN_THROTTLE`) keeps its counts: in memory per process by
 * default (`createMemoryLoginThrottle`), or a store every server instance shares (the server's
 * Redis one), so five free failures are five across all instances. Implementations apply the
 * rule atomically per account (a burst of parallel guesses is counted one by one) and pass
 * `LOGIN_THROTTLE_CONTRACT` from `@svc/gate/testing`.
 */
export interface LoginThrottle {
  /**
   * While the account must wait and `address` is not one that signed in to it recently, answers
   * the wait (`retryAfterMs > 0`) and counts nothing. Otherwise counts the attempt as a failure up
   * front (until {@link LoginThrottle.recordSuccess}) and answers `retryAfterMs: 0`.
   */
  beginAttempt(attempt: LoginAttempt): Promise<{ retryAfterMs: number }>;
  /** The password was right: clears the count and remembers the address for this account. */
  recordSuccess(attempt: LoginAttempt): Promise<void>;
}
