import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE_CONTRACT } from '../testing/login-throttle-contract.js';
import { createMemoryLoginThrottle, loginDelayFor } from './login-throttle.js';

describe('per-account login throttle', () => {
  it('waits 1 s after the fifth failure, doubling, capped at 60 s', () => {
    expect([4, 5, 6, 7, 10, 11, 12, 40].map(loginDelayFor)).toEqual([
      0, 1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('the in-memory login throttle passes the contract', () => {
  const context = { createThrottle: async () => createMemoryLoginThrottle() };
  for (const contractCase of LOGIN_THROTTLE_CONTRACT) it(contractCase.name, () => contractCase.run(context));
});
