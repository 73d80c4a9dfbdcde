import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

const ADMIN = { email: 'admin@example.com', password: 'seeded root credential 4242' };
const USER = { email: 'Dev.Eloper@Example.com', password: 'quiet lantern over harbour 77' };

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below
  body: any;
}

/**
 * One journey over a real listening socket and real HTTP (`fetch`), on each database: what the
 * inject-based suites cover piece by piece, end to end through the network stack, cookies from
 * `Set-Cookie` and headers as a client sends them.
 */
describe.each(testDatabaseTargets())('real listening port on $name', (target) => {
  let server: TestServer;
  let base = '';

  /** Sends a request; `cookie` and JSON bodies are encoded as a browser-like client would. */
  async function call(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { origin: base, ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }

  /** The `name=value` pair of the session cookie in a response's Set-Cookie headers. */
  function sessionCookieOf(answer: Answer): string {
    const cookie = answer.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${server.config.cookieName}=`));
    if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(answer.headers.getSetCookie())}`);
    return cookie.split(';')[0] as string;
  }

  beforeAll(async () => {
    server = await createTestServer(target, {
      AUTH_AUTO_VERIFY: 'false',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
    });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => server?.close());

  it('signup → verify from the outbox → login → me → developer role → key → bearer and x-api-key → /db → logout', async () => {
    expect((await call('GET', '/readyz')).body).toEqual({ status: 'ready', database: target.name });

    // Sign up; the e-mail is normalised and the account is not verified yet.
    const signup = await call('POST', '/auth/signup', { body: USER });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const userId: string = signup.body.user.id;
    expect(signup.body).toMatchObject({
      user: { email: 'dev.eloper@example.com', emailVerified: false, roles: ['member'] },
      verification: 'email-sent',
    });

    // The seed admin reads the development outbox; the link carries the single-use token.
    const admin = sessionCookieOf(await call('POST', '/auth/login', { body: ADMIN }));
    const outbox = await call('GET', '/auth/outbox', { headers: { cookie: admin } });
    expect(outbox.status).toBe(200);
    // Newest first.
    const mail = outbox.body.messages.find(
      (message: { to: string; kind: string }) => message.to === 'dev.eloper@example.com',
    );
    expect(mail.text).not.toContain(USER.password);
    const token = new URL(mail.link).searchParams.get('token');
    expect(token).toBeTruthy();
    const verified = await call('POST', '/auth/verify', { body: { token } });
    expect(verified.status).toBe(200);
    expect((await call('POST', '/auth/verify', { body: { token } })).status).toBe(400);

    // Log in: the session cookie comes back in Set-Cookie, HttpOnly and SameSite=Lax.
    const login = await call('POST', '/auth/login', { body: { email: USER.email, password: USER.password } });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookieOf(login);
    const me = await call('GET', '/auth/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: userId,
      email: 'dev.eloper@example.com',
      isDeveloper: false,
      via: 'session',
    });

    // Members cannot create keys; the seed admin grants the developer role, effective at once.
    expect((await call('POST', '/keys', { body: { name: 'ci' }, headers: { cookie } })).status).toBe(403);
    const granted = await call('PUT', `/auth/users/${userId}/roles`, {
      body: { roles: ['member', 'developer'] },
      headers: { cookie: admin },
    });
    expect(granted.status).toBe(200);
    expect((await call('GET', '/auth/me', { headers: { cookie } })).body.isDeveloper).toBe(true);

    // The key is shown once; it works as a bearer token and as x-api-key, without the cookie.
    const created = await call('POST', '/keys', { body: { name: 'ci' }, headers: { cookie } });
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    expect(key).toMatch(/^svc_/);
    const listed = await call('GET', '/keys', { headers: { cookie } });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const keyHeaders: Array<Record<string, string>> = [
      { authorization: `Bearer ${key}` },
      { 'x-api-key': key },
    ];
    for (const headers of keyHeaders) {
      const viaKey = await call('GET', '/auth/me', { headers });
      expect(viaKey.status).toBe(200);
      expect(viaKey.body).toMatchObject({ id: userId, isDeveloper: true, via: 'api-key' });
    }

    // The data route: create, list and get through the key.
    const auth = { authorization: `Bearer ${key}` };
    const note = await call('POST', '/db/notes', { body: { title: 'over a real socket' }, headers: auth });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ owner: userId, title: 'over a real socket' });
    const list = await call('GET', '/db/notes', { headers: auth });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(note.body.id);
    const got = await call('GET', `/db/notes/${note.body.id}`, { headers: { 'x-api-key': key } });
    expect(got.body).toMatchObject({ id: note.body.id, title: 'over a real socket' });

    // Logout ends the session server-side: the old cookie is refused, the key still works.
    const logout = await call('POST', '/auth/logout', { headers: { cookie } });
    expect(logout.status).toBeLessThan(300);
    const after = await call('GET', '/auth/me', { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toMatch(/^GATE_/);
    expect((await call('GET', '/auth/session', { headers: { cookie } })).body).toMatchObject({ user: null });
    expect((await call('GET', '/auth/me', { headers: auth })).status).toBe(200);
  });

  it('refuses a cross-site POST that rides the session cookie', async () => {
    const cookie = sessionCookieOf(await call('POST', '/auth/login', { body: ADMIN }));
    const refused = await call('POST', '/db/notes', {
      body: { title: 'csrf' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('GATE_CROSS_SITE_REQUEST');
  });
});
