import { LOGIN_THROTTLE } from '@svc/gate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  freshAddress,
  logInAs,
  readMailedToken,
  SEED_ADMIN,
  SEED_ENV,
  STRONG_PASSWORD,
  signUpVerified,
  tokenOf,
} from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

describe.each(testDatabaseTargets())('account security on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'false', ...SEED_ENV });
  });
  afterAll(() => server.close());
  const post = (url: string, payload: object, cookie?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: freshAddress(),
      headers: cookie ? { cookie } : {},
    });

  describe('mass assignment on sign-up', () => {
    it.each([
      { role: 'admin' },
      { roles: ['admin'] },
      { isAdmin: true },
      { emailVerified: true },
      { email_verified_at: 1 },
      { balance: 1_000_000 },
      { membership: { plan: 'UNLIMITED' } },
      { id: 'chosen-id' },
    ])('refuses %o and creates no account', async (extra) => {
      const email = `mass-${Object.keys(extra)[0]}@example.com`;
      const response = await post('/auth/signup', { email, password: STRONG_PASSWORD, ...extra });
      expect([response.statusCode, codeOf(response)]).toEqual([400, 'SERVER_VALIDATION']);
      const row = await server.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('gives a plain sign-up the member role, unverified', async () => {
      const response = await post('/auth/signup', {
        email: 'plain-member@example.com',
        password: STRONG_PASSWORD,
      });
      expect(response.json().user).toMatchObject({ roles: ['member'], emailVerified: false });
    });
  });

  describe('login enumeration', () => {
    beforeAll(async () => {
      await signUpVerified(server, 'known@example.com');
      await post('/auth/signup', { email: 'pending@example.com', password: STRONG_PASSWORD });
    });

    it('answers an unknown email and a wrong password identically', async () => {
      const unknown = await post('/auth/login', { email: 'unknown@example.com', password: STRONG_PASSWORD });
      const wrong = await post('/auth/login', {
        email: 'known@example.com',
        password: `${STRONG_PASSWORD}!`,
      });
      const pendingWrong = await post('/auth/login', {
        email: 'pending@example.com',
        password: `${STRONG_PASSWORD}!`,
      });
      const malformed = await post('/auth/login', { email: 'not an email', password: STRONG_PASSWORD });
      for (const response of [wrong, pendingWrong, malformed]) {
        expect(response.statusCode).toBe(unknown.statusCode);
        expect(response.body).toBe(unknown.body);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(unknown.json()).toEqual({
        error: { code: 'GATE_INVALID_CREDENTIALS', message: 'Email or password is incorrect.' },
      });
    });

    it('spends as long on an unknown email as on a wrong password (a dummy hash is computed)', async () => {
      // CPU time of this process (the server runs in it; scrypt on libuv's threads counts too),
      // not wall time: it does not move with the machine's load or the database's latency, and
      // a skipped hash would show as a tenth of a wrong password's cost.
      const cpuMs = () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };
      const attempt = async (email: string) => {
        const started = cpuMs();
        const response = await post('/auth/login', { email, password: `${STRONG_PASSWORD}?` });
        expect(response.statusCode).toBe(401);
        const elapsed = cpuMs() - started;
        // Past the per-account throttle's memory, so every round checks a password again.
        server.clock.advance(LOGIN_THROTTLE.forgetAfterMs);
        return elapsed;
      };
      await attempt('warm-up@example.com');
      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let round = 0; round < 8; round++) {
        unknown.push(await attempt(`nobody-${round}@example.com`));
        wrong.push(await attempt('known@example.com'));
      }
      const ratio = median(unknown) / median(wrong);
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    });
  });

  describe('response bodies', () => {
    it('never contain a password hash or a session token', async () => {
      const responses: LightMyRequestResponse[] = [];
      const track = async (response: Promise<LightMyRequestResponse>) => {
        const done = await response;
        responses.push(done);
        return done;
      };
      const signup = await track(
        post('/auth/signup', { email: 'leak@example.com', password: STRONG_PASSWORD }),
      );
      await track(post('/auth/verify', { token: readMailedToken(server, 'leak@example.com') }));
      const login = await track(
        post('/auth/login', { email: 'leak@example.com', password: STRONG_PASSWORD }),
      );
      const cookie = `${server.config.cookieName}=${login.cookies[0]?.value}`;
      const admin = await logInAs(server.app, SEED_ADMIN.email, SEED_ADMIN.password);
      for (const url of ['/auth/me', '/auth/session'])
        await track(server.app.inject({ method: 'GET', url, headers: { cookie } }));
      await track(server.app.inject({ method: 'GET', url: '/auth/outbox', headers: { cookie: admin } }));
      await track(
        server.app.inject({
          method: 'PUT',
          url: `/auth/users/${signup.json().user.id}/roles`,
          headers: { cookie: admin },
          payload: { roles: ['member'] },
        }),
      );
      await track(
        post(
          '/auth/password',
          { currentPassword: STRONG_PASSWORD, newPassword: 'quartz-heron-violin-63' },
          cookie,
        ),
      );
      await track(post('/auth/logout', {}, cookie));

      const hashes = await server.database.db.selectFrom('users').select('password_hash').execute();
      const secrets = [tokenOf(cookie), tokenOf(admin), ...hashes.map((row) => row.password_hash)];
      for (const response of responses) {
        expect(response.statusCode).toBeLessThan(300);
        for (const secret of secrets) expect(response.body).not.toContain(secret);
        expect(response.body).not.toMatch(/\$scrypt\$|password_?hash|eyJhbGci/i);
      }
    });
  });
});
