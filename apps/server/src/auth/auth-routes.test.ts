import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  freshAddress,
  logInAs,
  readMailedToken,
  readSessionCookie,
  SEED_ADMIN,
  SEED_ENV,
  STRONG_PASSWORD,
  signUpVerified,
} from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

describe.each(testDatabaseTargets())('auth routes on $name', (target) => {
  describe('with email verification (AUTH_AUTO_VERIFY=false)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'false', ...SEED_ENV });
    });
    afterAll(() => server.close());
    const post = (url: string, payload: unknown, cookie?: string) =>
      server.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        remoteAddress: freshAddress(),
        headers: cookie ? { cookie } : {},
      });
    const get = (url: string, cookie?: string) =>
      server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    it('signs up, mails a link, verifies, logs in, reads me, logs out', async () => {
      const signup = await post('/auth/signup', { email: '  Ada@Example.COM ', password: STRONG_PASSWORD });
      expect(signup.statusCode).toBe(201);
      const { user, verification } = signup.json();
      expect(verification).toBe('email-sent');
      expect(user).toEqual({
        id: expect.any(String),
        email: 'ada@example.com',
        roles: ['member'],
        emailVerified: false,
        createdAt: expect.any(Number),
      });
      expect(signup.cookies).toHaveLength(0);

      const mail = server.mailer.last('ada@example.com', 'verify-email');
      expect(mail?.link).toMatch(
        new RegExp(`^${server.config.publicUrl}/auth/verify\\?token=[A-Za-z0-9_-]{43}$`),
      );
      expect(mail?.text).toContain(mail?.link);

      const early = await post('/auth/login', { email: 'ada@example.com', password: STRONG_PASSWORD });
      expect([early.statusCode, codeOf(early)]).toEqual([401, 'GATE_EMAIL_NOT_VERIFIED']);
      const wrong = await post('/auth/login', { email: 'ada@example.com', password: `${STRONG_PASSWORD}x` });
      expect([wrong.statusCode, codeOf(wrong)]).toEqual([401, 'GATE_INVALID_CREDENTIALS']);

      const verify = await post('/auth/verify', { token: readMailedToken(server, 'ada@example.com') });
      expect(verify.statusCode).toBe(200);
      expect(verify.json().user).toMatchObject({ email: 'ada@example.com', emailVerified: true });

      const login = await post('/auth/login', { email: 'ADA@example.com', password: STRONG_PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toEqual({
        user: { ...user, emailVerified: true },
        expiresAt: server.clock.now() + 7 * 24 * 3600 * 1000,
      });
      const cookie = readSessionCookie(server.app, login);

      const me = await get('/auth/me', cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({
        id: user.id,
        email: 'ada@example.com',
        roles: ['member'],
        permissions: expect.arrayContaining(['read_data']),
        membership: { plan: null, status: 'none', features: [], periodEnd: null },
        isAdmin: false,
        isDeveloper: false,
        isStaff: false,
        emailVerified: true,
        via: 'session',
      });
      expect((await get('/auth/session', cookie)).json()).toEqual({ user: me.json() });

      const logout = await post('/auth/logout', undefined, cookie);
      expect(logout.statusCode).toBe(204);
      const cleared = logout.cookies.find((c) => c.name === server.config.cookieName);
      expect(cleared).toMatchObject({ value: '', maxAge: 0, path: '/' });

      const after = await get('/auth/me', cookie);
      expect([after.statusCode, codeOf(after)]).toEqual([401, 'GATE_UNAUTHENTICATED']);
      const session = await get('/auth/session', cookie);
      expect([session.statusCode, session.json()]).toEqual([200, { user: null }]);
      expect(session.cookies.find((c) => c.name === server.config.cookieName)?.maxAge).toBe(0);
    });

    it('answers the anonymous session with null and /me with 401', async () => {
      expect((await get('/auth/session')).json()).toEqual({ user: null });
      const me = await get('/auth/me');
      expect([me.statusCode, codeOf(me)]).toEqual([401, 'GATE_UNAUTHENTICATED']);
      const logout = await post('/auth/logout', undefined);
      expect(logout.statusCode).toBe(204);
    });

    it('uses a verification token once, and refuses unknown and expired ones', async () => {
      await post('/auth/signup', { email: 'once@example.com', password: STRONG_PASSWORD });
      const token = readMailedToken(server, 'once@example.com');
      expect((await post('/auth/verify', { token })).statusCode).toBe(200);
      const again = await post('/auth/verify', { token });
      expect([again.statusCode, codeOf(again)]).toEqual([400, 'GATE_TOKEN_INVALID']);
      for (const bad of ['x', 'A'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
        expect(codeOf(await post('/auth/verify', { token: bad }))).toBe('GATE_TOKEN_INVALID');
      }

      await post('/auth/signup', { email: 'late@example.com', password: STRONG_PASSWORD });
      const lateToken = readMailedToken(server, 'late@example.com');
      server.clock.advance(24 * 3600 * 1000);
      const late = await post('/auth/verify', { token: lateToken });
      expect([late.statusCode, codeOf(late)]).toEqual([400, 'GATE_TOKEN_INVALID']);
    });

    it('serves the mailed link as a page whose GET changes nothing', async () => {
      await post('/auth/signup', { email: 'page@example.com', password: STRONG_PASSWORD });
      const link = server.mailer.last('page@example.com', 'verify-email')?.link ?? '';
      const token = readMailedToken(server, 'page@example.com');
      const page = await get(link.slice(server.config.publicUrl.length));
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toMatch(
        /default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'/,
      );
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toMatch(/^<!doctype html>/);
      expect(page.body).toContain("fetch('verify', { method: 'POST'");
      expect(page.body).not.toContain(token);
      // Opening the page twice (a mail scanner, then the person) leaves the token usable.
      await get(link.slice(server.config.publicUrl.length));
      expect((await post('/auth/verify', { token })).statusCode).toBe(200);
    });

    it('refuses a taken email whatever its case', async () => {
      await post('/auth/signup', { email: 'taken@example.com', password: STRONG_PASSWORD });
      const again = await post('/auth/signup', {
        email: 'TAKEN@example.com ',
        password: `${STRONG_PASSWORD}!`,
      });
      expect([again.statusCode, codeOf(again)]).toEqual([409, 'GATE_EMAIL_TAKEN']);
    });

    it.each([
      ['too-short', 'Vx7#qLm2pR9'],
      ['too-long', 'Vx7#qLm2pR9w'.repeat(11).slice(0, 129)],
      ['common', 'Password2024!'],
      ['common', 'qwertyuiop123'],
      ['contains-email', 'grace.hopper-was-here'],
    ])('refuses a %s password', async (reason, password) => {
      const response = await post('/auth/signup', { email: 'grace.hopper@example.com', password });
      expect([response.statusCode, codeOf(response)]).toEqual([400, 'GATE_WEAK_PASSWORD']);
      expect(response.json().error.details).toEqual({ reason, minLength: 12, maxLength: 128 });
    });

    it('refuses an invalid email and malformed bodies', async () => {
      const email = await post('/auth/signup', { email: 'not-an-email', password: STRONG_PASSWORD });
      expect([email.statusCode, codeOf(email)]).toEqual([400, 'GATE_INVALID_INPUT']);
      for (const payload of [
        {},
        { email: 'x@example.com' },
        { email: { a: 1 }, password: STRONG_PASSWORD },
        { email: 'x@example.com', password: 'p'.repeat(1025) },
      ]) {
        const response = await post('/auth/signup', payload);
        expect([response.statusCode, codeOf(response)]).toEqual([400, 'SERVER_VALIDATION']);
      }
      expect(codeOf(await post('/auth/login', { email: 'x@example.com' }))).toBe('SERVER_VALIDATION');
      expect(codeOf(await post('/auth/verify', {}))).toBe('SERVER_VALIDATION');
    });

    it('shows the outbox to admins only, newest first', async () => {
      const admin = await logInAs(server.app, SEED_ADMIN.email, SEED_ADMIN.password);
      const outbox = await get('/auth/outbox', admin);
      expect(outbox.statusCode).toBe(200);
      const messages = outbox.json().messages;
      expect(messages.length).toBe(server.mailer.messages.length);
      expect(messages[0]).toEqual(server.mailer.messages.at(-1));
      expect(messages[0]).toMatchObject({
        kind: 'verify-email',
        subject: expect.any(String),
        link: expect.any(String),
      });

      expect(codeOf(await get('/auth/outbox'))).toBe('GATE_UNAUTHENTICATED');
      await signUpVerified(server, 'plain@example.com');
      const member = await logInAs(server.app, 'plain@example.com', STRONG_PASSWORD);
      const forbidden = await get('/auth/outbox', member);
      expect([forbidden.statusCode, codeOf(forbidden)]).toEqual([403, 'GATE_FORBIDDEN']);
    });
  });

  describe('with AUTH_AUTO_VERIFY=true', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'true' });
    });
    afterAll(() => server.close());

    it('verifies at once, mails nothing, and leaves logging in to the client', async () => {
      const signup = await server.app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: { email: 'auto@example.com', password: STRONG_PASSWORD },
      });
      expect(signup.statusCode).toBe(201);
      expect(signup.json()).toMatchObject({
        verification: 'verified',
        user: { emailVerified: true, roles: ['member'] },
      });
      expect(signup.cookies).toHaveLength(0);
      expect(server.mailer.messages).toHaveLength(0);
      const cookie = await logInAs(server.app, 'auto@example.com', STRONG_PASSWORD);
      expect(
        (await server.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } })).json().email,
      ).toBe('auto@example.com');
    });
  });
});
