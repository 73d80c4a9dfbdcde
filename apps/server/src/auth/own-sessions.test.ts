import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, FIXTURE_ENV, PASSWORD, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

describe.each(testDatabaseTargets())('my sessions on $name', (target) => {
  let server: TestServer;

  /** Signs in again as `user` from a given address and browser; answers the cookie. */
  async function signInFrom(email: string, remoteAddress: string, userAgent: string): Promise<string> {
    // A later sign-in, so the newest-first lists have one order.
    server.clock.advance(1000);
    const login = await server.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress,
      headers: { 'user-agent': userAgent },
      payload: { email, password: email === ADMIN.email ? ADMIN.password : PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((candidate) => candidate.name === server.config.cookieName);
    return `${cookie?.name}=${cookie?.value}`;
  }
  const request = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) =>
    server.app.inject({ method, url, headers: { cookie } });
  const me = async (cookie: string) => (await request('GET', '/auth/me', cookie)).statusCode;
  const listOf = async (cookie: string) =>
    (await request('GET', '/auth/sessions', cookie)).json<{
      sessions: {
        id: string;
        current: boolean;
        clientAddress: string | null;
        userAgent: string | null;
        lastSeenAt: number | null;
      }[];
    }>().sessions;

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
  });
  afterAll(async () => server?.close());

  it('lists my live sessions with address, browser and the current one flagged, and nobody else’s', async () => {
    const ada = await signUp(server.app, `ada-${target.name}@example.com`);
    await signUp(server.app, `bob-${target.name}@example.com`);
    const laptop = await signInFrom(ada.email, '203.0.113.7', 'Laptop Browser/1.0');
    const sessions = await listOf(laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      clientAddress: '203.0.113.7',
      userAgent: 'Laptop Browser/1.0',
    });
    expect(sessions[1]?.current).toBe(false);
    expect(sessions.every((session) => typeof session.lastSeenAt === 'number')).toBe(true);
    const anonymous = await server.app.inject({ method: 'GET', url: '/auth/sessions' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('writes last seen at most once a minute per session', async () => {
    const user = await signUp(server.app, `seen-${target.name}@example.com`);
    const created = (await listOf(user.cookie))[0]?.lastSeenAt ?? 0;
    server.clock.advance(30_000);
    expect((await listOf(user.cookie))[0]?.lastSeenAt).toBe(created);
    server.clock.advance(31_000);
    await me(user.cookie);
    expect((await listOf(user.cookie))[0]?.lastSeenAt).toBe(server.clock.now());
    const seenAt = server.clock.now();
    server.clock.advance(5_000);
    await me(user.cookie);
    expect((await listOf(user.cookie))[0]?.lastSeenAt).toBe(seenAt);
  });

  it("ends one of my sessions at once; another person's session id is a 404 and stays live", async () => {
    const ada = await signUp(server.app, `end-${target.name}@example.com`);
    const bob: SignedInUser = await signUp(server.app, `other-${target.name}@example.com`);
    const phone = await signInFrom(ada.email, '203.0.113.8', 'Phone/2');
    const phoneId = (await listOf(phone)).find((session) => session.current)?.id ?? '';
    const bobsId = (await listOf(bob.cookie))[0]?.id ?? '';

    const foreign = await request('DELETE', `/auth/sessions/${encodeURIComponent(bobsId)}`, ada.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('GATE_NOT_FOUND');
    expect(await me(bob.cookie)).toBe(200);

    expect(await me(phone)).toBe(200);
    const ended = await request('DELETE', `/auth/sessions/${encodeURIComponent(phoneId)}`, ada.cookie);
    expect(ended.statusCode).toBe(204);
    expect(await me(phone)).toBe(401);
    expect(await me(ada.cookie)).toBe(200);
    expect(
      (await request('DELETE', `/auth/sessions/${encodeURIComponent(phoneId)}`, ada.cookie)).statusCode,
    ).toBe(404);
  });

  it('ends all my other sessions and keeps this one', async () => {
    const ada = await signUp(server.app, `others-${target.name}@example.com`);
    const second = await signInFrom(ada.email, '203.0.113.9', 'Tablet/3');
    const third = await signInFrom(ada.email, '203.0.113.10', 'Desktop/4');
    const response = await request('POST', '/auth/sessions/end-others', third);
    expect(response.json()).toEqual({ ended: 2 });
    expect([await me(ada.cookie), await me(second), await me(third)]).toEqual([401, 401, 200]);
    expect((await listOf(third)).map((session) => session.current)).toEqual([true]);
  });

  it('describes the session and reset routes in /openapi.json, with their error answers', async () => {
    const spec = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown> }>>;
    }>();
    const operations = [
      ['/auth/sessions', 'get', '401'],
      ['/auth/sessions/{id}', 'delete', '404'],
      ['/auth/sessions/end-others', 'post', '401'],
      ['/auth/password/forgot', 'post', '429'],
      ['/auth/password/reset', 'post', '400'],
      ['/api/admin/users/{id}/sessions/end-all', 'post', '403'],
    ] as const;
    for (const [path, method, status] of operations) {
      const operation = spec.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toContain(status);
    }
  });

  it('lets an admin end all of a user’s sessions (audited) and shows the new columns', async () => {
    const user = await signUp(server.app, `all-${target.name}@example.com`);
    const other = await signInFrom(user.email, '203.0.113.11', 'Kiosk/5');
    const admin = await signInFrom(ADMIN.email, '203.0.113.12', 'Admin/1');
    const listed = await request('GET', `/api/admin/users/${user.id}/sessions`, admin);
    expect(listed.json().sessions[0]).toMatchObject({
      clientAddress: '203.0.113.11',
      lastSeenAt: expect.any(Number),
    });
    const ended = await request('POST', `/api/admin/users/${user.id}/sessions/end-all`, admin);
    expect(ended.json()).toEqual({ ended: 2 });
    expect([await me(user.cookie), await me(other), await me(admin)]).toEqual([401, 401, 200]);
    const audit = await request('GET', '/api/admin/audit', admin);
    expect(audit.json().entries[0]).toMatchObject({ action: 'user.sessions.ended', details: { ended: 2 } });
    const byMember = await request('POST', `/api/admin/users/${user.id}/sessions/end-all`, other);
    expect(byMember.statusCode).toBe(401);
  });
});
