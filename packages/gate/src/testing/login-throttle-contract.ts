import { strict as assert } from 'node:assert';
import { LOGIN_THROTTLE } from '../auth/login-throttle.js';
import type { LoginThrottle } from '../ports/login-throttle.js';

/** What the throttle cases run against: a way to build the implementation under test. */
export interface LoginThrottleContractContext {
  /** A fresh throttle with no counts (each call a separate store, or a fresh namespace of one). */
  createThrottle(): Promise<LoginThrottle>;
}

/** One behaviour every `LoginThrottle` implementation must show. */
export interface LoginThrottleContractCase {
  name: string;
  run(context: LoginThrottleContractContext): Promise<void>;
}

const ACCOUNT = 'ada@example.com';

async function waitOf(throttle: LoginThrottle, address: string, now: number, account = ACCOUNT) {
  return (await throttle.beginAttempt({ account, address, now })).retryAfterMs;
}

/**
 * The per-account login throttle's contract (`LOGIN_THROTTLE`): plain async functions with
 * `node:assert`, run against the gate's in-memory throttle and the server's shared one.
 *
 * @example
 * const context = { createThrottle: async () => createMemoryLoginThrottle() };
 * for (const contractCase of LOGIN_THROTTLE_CONTRACT) it(contractCase.name, () => contractCase.run(context));
 */
export const LOGIN_THROTTLE_CONTRACT: readonly LoginThrottleContractCase[] = [
  {
    name: 'refuses attempts inside the wait from any new address, and lets them through after it',
    async run(context) {
      const throttle = await context.createThrottle();
      for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
        assert.equal(await waitOf(throttle, `10.0.0.${i}`, 0), 0, `free failure ${i + 1}`);
      assert.equal(await waitOf(throttle, '10.0.1.1', 400), 600);
      assert.equal(await waitOf(throttle, '10.0.1.2', 1000), 0);
      assert.equal(await waitOf(throttle, '10.0.1.3', 1000), 2000);
      assert.equal(
        await waitOf(throttle, '10.0.1.3', 1000, 'bob@example.com'),
        0,
        'other accounts untouched',
      );
    },
  },
  {
    name: 'does not refuse a free attempt timed a little before the last one (clocks of instances differ)',
    async run(context) {
      const throttle = await context.createThrottle();
      assert.equal(await waitOf(throttle, '10.0.3.1', 10_000), 0);
      assert.equal(await waitOf(throttle, '10.0.3.2', 9_950), 0);
    },
  },
  {
    name: 'counts a burst of parallel attempts one by one',
    async run(context) {
      const throttle = await context.createThrottle();
      const waits = await Promise.all(
        Array.from({ length: 12 }, (_, i) => waitOf(throttle, `10.0.2.${i}`, 5_000)),
      );
      assert.equal(waits.filter((wait) => wait === 0).length, LOGIN_THROTTLE.freeFailures);
    },
  },
  {
    name: 'never makes an address that signed in before wait, and a success clears the count',
    async run(context) {
      const throttle = await context.createThrottle();
      await throttle.beginAttempt({ account: ACCOUNT, address: 'home', now: 0 });
      await throttle.recordSuccess({ account: ACCOUNT, address: 'home', now: 0 });
      for (let i = 0; i < 20; i++) await waitOf(throttle, `bot-${i}`, 10);
      assert.ok((await waitOf(throttle, 'elsewhere', 11)) > 0);
      assert.equal(await waitOf(throttle, 'home', 11), 0);
      await throttle.recordSuccess({ account: ACCOUNT, address: 'home', now: 11 });
      assert.equal(await waitOf(throttle, 'elsewhere', 12), 0);
    },
  },
  {
    name: 'forgets failures 15 minutes after the last one',
    async run(context) {
      const throttle = await context.createThrottle();
      for (let i = 0; i < 8; i++) await waitOf(throttle, `a${i}`, 0);
      assert.ok((await waitOf(throttle, 'x', 1)) > 0);
      assert.equal(await waitOf(throttle, 'x', LOGIN_THROTTLE.forgetAfterMs), 0);
    },
  },
];
