import type { LoginThrottle } from '../ports/login-throttle.js';

/**
 * The per-account login rule (per-address limits are the server's): failed attempts on one
 * account are counted whatever address they come from. After {@link LOGIN_THROTTLE}`.freeFailures`
 * of them, each further attempt must wait since the previous one `baseDelayMs`, then twice that,
 * and so on, capped at `maxDelayMs`; an attempt inside the wait is refused with
 * `GATE_RATE_LIMITED` (`details.retryAfterMs`) before any password is checked. The count is
 * forgotten `forgetAfterMs` after the last failure and reset by a successful login.
 *
 * It slows down, it never locks out: the wait never exceeds `maxDelayMs`, and an address that
 * signed in to this account successfully within `knownAddressTtlMs` is not made to wait at all
 * (the per-address limit still applies to it). A guesser spread over many addresses gets one
 * attempt per `maxDelayMs` per account; the owner at their usual address is never delayed.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
  knownAddressTtlMs: 30 * 24 * 60 * 60_000,
  /** Addresses remembered per account (the most recent ones). */
  maxKnownAddresses: 20,
  /** Accounts tracked at once, oldest dropped first: bounds memory under an address-spraying attack. */
  maxAccounts: 100_000,
} as const;

interface AccountAttempts {
  failures: number;
  lastFailureAt: number;
  knownAddresses: Map<string, number>;
}

/**
 * How long an account with `failures` failed attempts must wait after the last one.
 *
 * @example
 * loginDelayFor(5); // 1000
 */
export function loginDelayFor(failures: number): number {
  if (failures < LOGIN_THROTTLE.freeFailures) return 0;
  const doublings = Math.min(failures - LOGIN_THROTTLE.freeFailures, 30);
  return Math.min(LOGIN_THROTTLE.baseDelayMs * 2 ** doublings, LOGIN_THROTTLE.maxDelayMs);
}

/**
 * Creates the in-memory per-account login throttle (the gate's default: one process's counts;
 * a server with several instances passes a shared one as `createGate({ loginThrottle })`).
 *
 * @example
 * const throttle = createMemoryLoginThrottle();
 * const { retryAfterMs } = await throttle.beginAttempt({ account: email, address: request.ip, now: clock.now() });
 */
export function createMemoryLoginThrottle(): LoginThrottle {
  const accounts = new Map<string, AccountAttempts>();

  function read(account: string, now: number): AccountAttempts {
    let state = accounts.get(account);
    if (state && state.failures > 0 && now - state.lastFailureAt >= LOGIN_THROTTLE.forgetAfterMs)
      state.failures = 0;
    if (!state) {
      if (accounts.size >= LOGIN_THROTTLE.maxAccounts) {
        const oldest = accounts.keys().next();
        if (!oldest.done) accounts.delete(oldest.value);
      }
      state = { failures: 0, lastFailureAt: 0, knownAddresses: new Map() };
    }
    // Re-inserted so the map's order is least recently used first.
    accounts.delete(account);
    accounts.set(account, state);
    return state;
  }

  const isKnown = (state: AccountAttempts, address: string | undefined, now: number): boolean => {
    const seen = address === undefined ? undefined : state.knownAddresses.get(address);
    return seen !== undefined && now - seen < LOGIN_THROTTLE.knownAddressTtlMs;
  };

  return {
    async beginAttempt({ account, address, now }) {
      const state = read(account, now);
      const delay = loginDelayFor(state.failures);
      const retryAfterMs = state.lastFailureAt + delay - now;
      // Only a due wait refuses (a shared store sees instances' clocks differ a little).
      if (delay > 0 && retryAfterMs > 0 && !isKnown(state, address, now)) return { retryAfterMs };
      state.failures++;
      state.lastFailureAt = now;
      return { retryAfterMs: 0 };
    },
    async recordSuccess({ account, address, now }) {
      const state = read(account, now);
      state.failures = 0;
      if (address === undefined) return;
      state.knownAddresses.delete(address);
      state.knownAddresses.set(address, now);
      if (state.knownAddresses.size > LOGIN_THROTTLE.maxKnownAddresses) {
        const oldest = state.knownAddresses.keys().next();
        if (!oldest.done) state.knownAddresses.delete(oldest.value);
      }
    },
  };
}
