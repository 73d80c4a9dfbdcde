import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  forgeJwt,
  freshAddress,
  logInAs,
  readJwtPayload,
  SEED_ADMIN,
  SEED_ENV,
  STRONG_PASSWORD,
  signUpVerified,
  tokenOf,
} from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

describe.each(testDatabaseTargets())('auth security on $name', (target) => {
  let server: TestServer;
  let cookie: string;
  let claims: Record<string, unknown>;
  let secret: string;
  const cookieName = () => server.config.cookieName;
  const meWith = (token: string) =>
    server.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: `${cookieName()}=${token}` } });
  const expectRefused = async (token: string) => {
    const me = await meWith(token);
    expect([me.statusCode, codeOf(me)]).toEqual([401, 'GATE_UNAUTHENTICATED']);
    const session = await server.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { cookie: `${cookieName()}=${token}` },
    });
    expect(session.json()).toEqual({ user: null });
  };

  beforeAll(async () => {
    server = await createTestServer(target, { ...SEED_ENV, SVC_COOKIE_DOMAIN: 'svc.example' });
    secret = server.config.jwtSecret;
    await signUpVerified(server, 'victim@example.com');
    cookie = await logInAs(server.app, 'victim@example.com', STRONG_PASSWORD);
    claims = readJwtPayload(tokenOf(cookie));
  });
  afterAll(() => server.close());

  describe('session tokens', () => {
    it('accepts the genuine token', async () => {
      expect((await meWith(tokenOf(cookie))).statusCode).toBe(200);
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'sid', 'sub']);
    });

    it('refuses a changed payload with the original signature', async () => {
      const adminRow = await server.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', SEED_ADMIN.email)
        .executeTakeFirstOrThrow();
      const [header, , signature] = tokenOf(cookie).split('.');
      const payload = Buffer.from(JSON.stringify({ ...claims, sub: adminRow.id })).toString('base64url');
      await expectRefused(`${header}.${payload}.${signature}`);
      const longer = Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 86400 })).toString(
        'base64url',
      );
      await expectRefused(`${header}.${longer}.${signature}`);
    });

    it('refuses alg none', async () => {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      for (const header of [{ alg: 'none', typ: 'JWT' }, { alg: 'None' }, { alg: 'NONE' }]) {
        await expectRefused(`${Buffer.from(JSON.stringify(header)).toString('base64url')}.${body}.`);
      }
    });

    it('refuses HS512 and other algorithms signed with the same secret', async () => {
      await expectRefused(forgeJwt({ alg: 'HS512', typ: 'JWT' }, claims, secret, 'sha512'));
      await expectRefused(forgeJwt({ alg: 'HS384', typ: 'JWT' }, claims, secret));
      await expectRefused(forgeJwt({ alg: 'RS256', typ: 'JWT' }, claims, secret));
    });

    it('refuses a correctly signed token without exp, or past it', async () => {
      const { exp: _exp, ...noExp } = claims;
      await expectRefused(forgeJwt({ alg: 'HS256', typ: 'JWT' }, noExp, secret));
      const nowSeconds = Math.floor(server.clock.now() / 1000);
      await expectRefused(forgeJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: nowSeconds - 1 }, secret));
      // The secret itself is right: the same claims with a valid exp pass.
      expect((await meWith(forgeJwt({ alg: 'HS256', typ: 'JWT' }, claims, secret))).statusCode).toBe(200);
    });

    it('refuses a validly signed token for a session the server does not know', async () => {
      await expectRefused(
        forgeJwt({ alg: 'HS256' }, { ...claims, sid: randomBytes(24).toString('base64url') }, secret),
      );
    });

    it('refuses the old cookie after logout (server-side revocation)', async () => {
      const own = await logInAs(server.app, 'victim@example.com', STRONG_PASSWORD);
      expect((await meWith(tokenOf(own))).statusCode).toBe(200);
      const logout = await server.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { cookie: own },
      });
      expect(logout.statusCode).toBe(204);
      await expectRefused(tokenOf(own));
      const keys = await server.app.inject({ method: 'GET', url: '/keys', headers: { cookie: own } });
      expect(keys.statusCode).toBe(401);
    });

    it('never throws on garbage cookies', async () => {
      for (const junk of ['', 'x', 'a.b.c', '..', '%E0%A4%A', 'e30.e30.', 'x'.repeat(4000)]) {
        const me = await meWith(junk);
        expect(me.statusCode).toBe(401);
      }
    });
  });

  describe('the session cookie', () => {
    it('is HttpOnly, SameSite=Lax, Path=/, Max-Age = session lifetime, with the configured domain, not Secure in development', async () => {
      const login = await server.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: freshAddress(),
        payload: { email: 'victim@example.com', password: STRONG_PASSWORD },
      });
      const header = String(login.headers['set-cookie']);
      expect(header).toMatch(
        new RegExp(
          `^${cookieName()}=[^;]+; Max-Age=604800; Domain=svc\\.example; Path=/; HttpOnly; SameSite=Lax$`,
        ),
      );
      expect(header).not.toContain('Secure');
      expect(login.body).not.toContain(tokenOf(header.split(';')[0] as string));
    });

    it('is Secure in production', async () => {
      const production = await createTestServer(target, {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        JWT_SECRET: randomBytes(32).toString('hex'),
        SVC_APIKEY_PEPPER: randomBytes(32).toString('hex'),
        AUTH_AUTO_VERIFY: 'false',
        SVC_PASSWORD_COST: '17',
        ...SEED_ENV,
      });
      try {
        const login = await production.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: SEED_ADMIN,
        });
        expect(login.statusCode).toBe(200);
        expect(String(login.headers['set-cookie'])).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
        const row = await production.database.db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', SEED_ADMIN.email)
          .executeTakeFirstOrThrow();
        expect(row.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
      } finally {
        await production.close();
      }
    });
  });

  describe('cross-site requests', () => {
    const password = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/auth/password',
        remoteAddress: freshAddress(),
        headers: { cookie, ...headers },
        payload: { currentPassword: 'wrong password entirely', newPassword: 'another-long-password-9' },
      });

    it('refuses a cookie-authenticated POST from another origin', async () => {
      const evil = await password({ origin: 'https://evil.example' });
      expect([evil.statusCode, codeOf(evil)]).toEqual([403, 'GATE_CROSS_SITE_REQUEST']);
      const fetchSite = await password({ 'sec-fetch-site': 'cross-site' });
      expect(codeOf(fetchSite)).toBe('GATE_CROSS_SITE_REQUEST');
      const logout = await server.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(logout.statusCode).toBe(403);
      expect((await meWith(tokenOf(cookie))).statusCode).toBe(200);
    });

    it('lets same-origin requests through', async () => {
      expect(codeOf(await password({ origin: server.config.publicUrl }))).toBe('GATE_INVALID_CREDENTIALS');
      expect(codeOf(await password({ 'sec-fetch-site': 'same-origin' }))).toBe('GATE_INVALID_CREDENTIALS');
      expect(codeOf(await password({}))).toBe('GATE_INVALID_CREDENTIALS');
    });

    it('refuses login and sign-up posted from another site (login CSRF)', async () => {
      for (const url of ['/auth/login', '/auth/signup']) {
        const response = await server.app.inject({
          method: 'POST',
          url,
          remoteAddress: freshAddress(),
          headers: { origin: 'https://evil.example' },
          payload: { email: 'csrf@example.com', password: STRONG_PASSWORD },
        });
        expect([url, response.statusCode, codeOf(response)]).toEqual([url, 403, 'GATE_CROSS_SITE_REQUEST']);
      }
    });
  });
});
