import { LOGIN_THROTTLE } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, STRONG_PASSWORD } from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

const HOME = '203.0.113.7';

// Issue 10, risk: a guess spread over many addresses is slowed per account, and the owner is
// never locked out.
describe.each(testDatabaseTargets())('per-account login throttling on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'true' });
  });
  afterAll(async () => server?.close());

  const login = (email: string, password: string, remoteAddress = freshAddress()) =>
    server.app.inject({ method: 'POST', url: '/auth/login', remoteAddress, payload: { email, password } });

  async function signUpAndUseHome(email: string): Promise<void> {
    const signup = await server.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: freshAddress(),
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    expect((await login(email, STRONG_PASSWORD, HOME)).statusCode).toBe(200);
  }

  it('answers 429 with Retry-After once five guesses from five addresses failed, right password or not', async () => {
    const email = `victim-${target.name}@example.com`;
    await signUpAndUseHome(email);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
      expect((await login(email, `wrong guess number ${i}`)).statusCode).toBe(401);
    }
    const slowed = await login(email, 'yet another wrong guess');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json().error).toMatchObject({
      code: 'GATE_RATE_LIMITED',
      details: { scope: 'account', retryAfterMs: 1000 },
    });
    // Inside the wait, a new address learns nothing, even with the right password.
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(429);
    // The owner at the address they signed in from before is not made to wait.
    expect((await login(email, STRONG_PASSWORD, HOME)).statusCode).toBe(200);
  });

  it('doubles the wait up to 60 s, never more, and lets one attempt through after each wait', async () => {
    const email = `doubling-${target.name}@example.com`;
    await signUpAndUseHome(email);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) await login(email, `wrong ${i}`);
    const waits: number[] = [];
    for (let round = 0; round < 9; round++) {
      const refused = await login(email, 'wrong again');
      expect(refused.statusCode).toBe(429);
      const wait: number = refused.json().error.details.retryAfterMs;
      waits.push(wait);
      server.clock.advance(wait);
      expect((await login(email, 'wrong after the wait')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    // After the wait, the owner from a new address gets in, which clears the count.
    server.clock.advance(60_000);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, 'one typo')).statusCode).toBe(401);
  });

  it('throttles an address with no account exactly alike, so a 429 reveals nothing', async () => {
    const email = `nobody-${target.name}@example.com`;
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
      expect((await login(email, `guess ${i}`)).statusCode).toBe(401);
    const slowed = await login(email, 'guess');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.details).toEqual({ scope: 'account', retryAfterMs: 1000 });
  });

  it('counts look-alike spellings of one address as that account', async () => {
    const email = `folded-${target.name}@example.com`;
    await signUpAndUseHome(email);
    const spellings = [
      email.toUpperCase(),
      ` ${email}`,
      email.replace('f', 'ｆ'),
      email.replace('o', 'ｏ'),
      email,
    ];
    for (const spelling of spellings) expect((await login(spelling, 'wrong')).statusCode).toBe(401);
    expect((await login(email, 'wrong')).statusCode).toBe(429);
  });
});
