import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, STRONG_PASSWORD } from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { AUTH_RATE_LIMITS } from './auth-rate-limits.js';

let guess = 0;
/** A failed login for a different account each time: the per-account throttle stays out of these per-address tests. */
const wrongLogin = () => ({ email: `nobody-${++guess}@example.com`, password: STRONG_PASSWORD });

describe.each(testDatabaseTargets())('auth rate limits on $name', (target) => {
  describe('without a trusted proxy (the default)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(target);
    });
    afterAll(() => server.close());

    it('limits logins per client address; a rotating X-Forwarded-For does not reset it', async () => {
      const { max } = AUTH_RATE_LIMITS.login;
      for (let attempt = 0; attempt < max; attempt++) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/auth/login',
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `10.9.${attempt}.1` },
          payload: wrongLogin(),
        });
        expect(response.statusCode).toBe(401);
        expect(response.headers['x-ratelimit-limit']).toBe(String(max));
      }
      const limited = await server.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': '10.9.99.1' },
        payload: wrongLogin(),
      });
      expect([limited.statusCode, codeOf(limited)]).toEqual([429, 'SERVER_RATE_LIMITED']);
      const elsewhere = await server.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '203.0.113.51',
        payload: wrongLogin(),
      });
      expect(elsewhere.statusCode).toBe(401);
    });

    it('limits sign-ups and verifications per client address', async () => {
      for (const [url, limit, payload] of [
        ['/auth/signup', AUTH_RATE_LIMITS.signup.max, { email: 'not-an-email', password: STRONG_PASSWORD }],
        ['/auth/verify', AUTH_RATE_LIMITS.verify.max, { token: 'not-a-token' }],
      ] as const) {
        for (let attempt = 0; attempt < limit; attempt++) {
          const response = await server.app.inject({
            method: 'POST',
            url,
            remoteAddress: '203.0.113.60',
            payload,
          });
          expect(response.statusCode).toBe(400);
        }
        const limited = await server.app.inject({
          method: 'POST',
          url,
          remoteAddress: '203.0.113.60',
          payload,
        });
        expect([url, limited.statusCode]).toEqual([url, 429]);
      }
    });
  });

  describe('behind a trusted proxy (SVC_TRUST_PROXY=true)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(target, { SVC_TRUST_PROXY: 'true' });
    });
    afterAll(() => server.close());

    it('counts each forwarded client separately', async () => {
      const login = (client: string) =>
        server.app.inject({
          method: 'POST',
          url: '/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
          payload: wrongLogin(),
        });
      for (let attempt = 0; attempt < AUTH_RATE_LIMITS.login.max; attempt++)
        expect((await login('192.0.2.10')).statusCode).toBe(401);
      expect((await login('192.0.2.10')).statusCode).toBe(429);
      expect((await login('192.0.2.11')).statusCode).toBe(401);
    });
  });
});
