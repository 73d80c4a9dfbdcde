import { describe, expect, it } from 'vitest';
import { isGateError } from '../errors.js';
import { createLoginThrottle, LOGIN_THROTTLE, loginDelayFor } from './login-throttle.js';

function retryAfterOf(run: () => void): number | undefined {
  try {
    run();
  } catch (error) {
    if (isGateError(error) && error.code === 'GATE_RATE_LIMITED')
      return error.details?.retryAfterMs as number;
    throw error;
  }
  return undefined;
}

describe('per-account login throttle', () => {
  it('waits 1 s after the fifth failure, doubling, capped at 60 s', () => {
    expect([4, 5, 6, 7, 10, 11, 12, 40].map(loginDelayFor)).toEqual([
      0, 1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('refuses attempts inside the wait from any new address, and lets them through after it', () => {
    const throttle = createLoginThrottle();
    const attempt = (address: string, now: number) => () =>
      throttle.beginAttempt({ account: 'ada@example.com', address, now });
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
      expect(retryAfterOf(attempt(`10.0.0.${i}`, 0))).toBeUndefined();
    expect(retryAfterOf(attempt('10.0.1.1', 400))).toBe(600);
    expect(retryAfterOf(attempt('10.0.1.2', 1000))).toBeUndefined();
    expect(retryAfterOf(attempt('10.0.1.3', 1000))).toBe(2000);
    // Other accounts are untouched.
    expect(
      retryAfterOf(() =>
        throttle.beginAttempt({ account: 'bob@example.com', address: '10.0.1.3', now: 1000 }),
      ),
    ).toBeUndefined();
  });

  it('never makes an address that signed in before wait, and a success clears the count', () => {
    const throttle = createLoginThrottle();
    const account = 'ada@example.com';
    throttle.beginAttempt({ account, address: 'home', now: 0 });
    throttle.recordSuccess({ account, address: 'home', now: 0 });
    for (let i = 0; i < 20; i++) {
      retryAfterOf(() => throttle.beginAttempt({ account, address: `bot-${i}`, now: 10 }));
    }
    expect(
      retryAfterOf(() => throttle.beginAttempt({ account, address: 'elsewhere', now: 11 })),
    ).toBeGreaterThan(0);
    expect(retryAfterOf(() => throttle.beginAttempt({ account, address: 'home', now: 11 }))).toBeUndefined();
    throttle.recordSuccess({ account, address: 'home', now: 11 });
    expect(
      retryAfterOf(() => throttle.beginAttempt({ account, address: 'elsewhere', now: 12 })),
    ).toBeUndefined();
  });

  it('forgets failures 15 minutes after the last one', () => {
    const throttle = createLoginThrottle();
    const account = 'ada@example.com';
    for (let i = 0; i < 8; i++)
      retryAfterOf(() => throttle.beginAttempt({ account, address: `a${i}`, now: 0 }));
    expect(retryAfterOf(() => throttle.beginAttempt({ account, address: 'x', now: 1 }))).toBeGreaterThan(0);
    expect(
      retryAfterOf(() => throttle.beginAttempt({ account, address: 'x', now: LOGIN_THROTTLE.forgetAfterMs })),
    ).toBeUndefined();
  });
});
