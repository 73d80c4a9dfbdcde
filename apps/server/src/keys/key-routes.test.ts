import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createKey,
  errorCodeOf,
  FIXTURE_ENV,
  logIn,
  type SignedInUser,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

const KEY = /^svc_[0-9A-Za-z]{16}_[0-9A-Za-z]{43}$/;

describe.each(testDatabaseTargets())('API keys over HTTP on $name', (target) => {
  let server: TestServer;
  let developer: SignedInUser;
  let member: SignedInUser;

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
    developer = await signUpWithRoles(server.app, 'dev@example.com', ['member', 'developer']);
    member = await signUpWithRoles(server.app, 'member@example.com', ['member']);
  });
  afterAll(async () => server?.close());

  const inject = (options: InjectOptions) => server.app.inject(options);

  it('creates a key for a developer and shows it once', async () => {
    const response = await inject({
      method: 'POST',
      url: '/keys',
      headers: { cookie: developer.cookie },
      payload: { name: '  CI  ' },
    });
    expect(response.statusCode).toBe(201);
    const { key, apiKey } = response.json();
    expect(key).toMatch(KEY);
    expect(apiKey).toEqual({
      id: key.slice(4, 20),
      userId: developer.id,
      name: 'CI',
      prefix: key.slice(0, 12),
      createdAt: expect.any(Number),
      lastUsedAt: null,
    });
    const listed = await inject({ method: 'GET', url: '/keys', headers: { cookie: developer.cookie } });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.slice(21));
    expect(listed.json().keys).toContainEqual(apiKey);
  });

  it('refuses key creation to members (403), anonymous callers (401) and bad names (400)', async () => {
    const asMember = await inject({
      method: 'POST',
      url: '/keys',
      headers: { cookie: member.cookie },
      payload: { name: 'x' },
    });
    expect([asMember.statusCode, errorCodeOf(asMember)]).toEqual([403, 'GATE_FORBIDDEN']);
    const anonymous = await inject({ method: 'POST', url: '/keys', payload: { name: 'x' } });
    expect([anonymous.statusCode, errorCodeOf(anonymous)]).toEqual([401, 'GATE_UNAUTHENTICATED']);
    const anonymousBadBody = await inject({ method: 'POST', url: '/keys', payload: { name: '' } });
    expect(anonymousBadBody.statusCode).toBe(401);
    const memberBadBody = await inject({
      method: 'POST',
      url: '/keys',
      headers: { cookie: member.cookie },
      payload: { name: '' },
    });
    expect(memberBadBody.statusCode).toBe(403);
    for (const payload of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'ok', userId: member.id },
      { name: '   ' },
      { name: 'a\u0000b' },
    ]) {
      const bad = await inject({
        method: 'POST',
        url: '/keys',
        headers: { cookie: developer.cookie },
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('resolves a key on a request to its user, as Bearer and as x-api-key', async () => {
    const { key, id } = await createKey(server.app, developer, 'resolver');
    for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }]) {
      const response = await inject({ method: 'GET', url: '/keys', headers });
      expect(response.statusCode).toBe(200);
      const keys: { id: string; userId: string }[] = response.json().keys;
      expect(keys.map((k) => k.id)).toContain(id);
      expect(keys.every((k) => k.userId === developer.id)).toBe(true);
    }
  });

  it('records the last use, at most once a minute', async () => {
    const { key, id } = await createKey(server.app, developer, 'usage');
    const lastUsed = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('api_keys')
            .select('last_used_at')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).last_used_at,
      );
    await inject({ method: 'GET', url: '/keys', headers: { 'x-api-key': key } });
    const first = await lastUsed();
    expect(first).toBe(server.clock.now());
    server.clock.advance(30_000);
    await inject({ method: 'GET', url: '/keys', headers: { 'x-api-key': key } });
    expect(await lastUsed()).toBe(first);
    server.clock.advance(31_000);
    await inject({ method: 'GET', url: '/keys', headers: { 'x-api-key': key } });
    expect(await lastUsed()).toBe(first + 61_000);
  });

  it('does not let an API key create keys', async () => {
    const { key } = await createKey(server.app, developer, 'no minting');
    const response = await inject({
      method: 'POST',
      url: '/keys',
      headers: { 'x-api-key': key },
      payload: { name: 'child' },
    });
    expect([response.statusCode, errorCodeOf(response)]).toEqual([403, 'GATE_FORBIDDEN']);
  });

  it('deletes a key (204), which then stops working at once and is gone from the list', async () => {
    const { key, id } = await createKey(server.app, developer, 'short-lived');
    expect((await inject({ method: 'GET', url: '/keys', headers: { 'x-api-key': key } })).statusCode).toBe(
      200,
    );
    const removed = await inject({
      method: 'DELETE',
      url: `/keys/${id}`,
      headers: { cookie: developer.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const refused = await inject({ method: 'GET', url: '/keys', headers: { 'x-api-key': key } });
    expect([refused.statusCode, errorCodeOf(refused)]).toEqual([401, 'GATE_UNAUTHENTICATED']);
    const listed = await inject({ method: 'GET', url: '/keys', headers: { cookie: developer.cookie } });
    expect(listed.json().keys.map((k: { id: string }) => k.id)).not.toContain(id);
    const again = await inject({
      method: 'DELETE',
      url: `/keys/${id}`,
      headers: { cookie: developer.cookie },
    });
    expect([again.statusCode, errorCodeOf(again)]).toEqual([404, 'GATE_NOT_FOUND']);
  });

  it('lets a key revoke itself', async () => {
    const { key, id } = await createKey(server.app, developer, 'self-revoking');
    const removed = await inject({
      method: 'DELETE',
      url: `/keys/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await inject({ method: 'GET', url: '/keys', headers: { authorization: `Bearer ${key}` } })).statusCode,
    ).toBe(401);
  });

  it('verifies keys without saying what was wrong', async () => {
    const { key, id } = await createKey(server.app, developer, 'verified');
    const good = await inject({ method: 'POST', url: '/keys/verify', payload: { key } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ valid: true, keyId: id, userId: developer.id });
    const wrongSecret = `${key.slice(0, 21)}${key.at(21) === 'A' ? 'B' : 'A'}${key.slice(22)}`;
    for (const candidate of [wrongSecret, `svc_${'A'.repeat(16)}_${key.slice(21)}`, 'svc_nonsense', '']) {
      const bad = await inject({ method: 'POST', url: '/keys/verify', payload: { key: candidate } });
      expect(bad.statusCode).toBe(200);
      expect(bad.json()).toEqual({ valid: false });
    }
  });

  it('lists every key for admins with ?all=true, and refuses that to others', async () => {
    const adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    const { id } = await createKey(server.app, developer, 'for the admin list');
    const all = await inject({ method: 'GET', url: '/keys?all=true', headers: { cookie: adminCookie } });
    expect(all.statusCode).toBe(200);
    expect(all.json().keys.map((k: { id: string }) => k.id)).toContain(id);
    const own = await inject({ method: 'GET', url: '/keys', headers: { cookie: adminCookie } });
    expect(own.json().keys).toEqual([]);
    const notAdmin = await inject({
      method: 'GET',
      url: '/keys?all=true',
      headers: { cookie: developer.cookie },
    });
    expect([notAdmin.statusCode, errorCodeOf(notAdmin)]).toEqual([403, 'GATE_FORBIDDEN']);
  });

  it('lets an admin revoke any key', async () => {
    const adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    const { key, id } = await createKey(server.app, developer, 'admin revokes');
    const removed = await inject({ method: 'DELETE', url: `/keys/${id}`, headers: { cookie: adminCookie } });
    expect(removed.statusCode).toBe(204);
    expect((await inject({ method: 'POST', url: '/keys/verify', payload: { key } })).json()).toEqual({
      valid: false,
    });
  });

  it('rate-limits verification per client IP, whatever X-Forwarded-For says', async () => {
    let limited = 0;
    for (let attempt = 0; attempt < 40; attempt++) {
      const response = await inject({
        method: 'POST',
        url: '/keys/verify',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        payload: { key: 'svc_nonsense' },
      });
      if (response.statusCode === 429) {
        limited++;
        expect(errorCodeOf(response)).toBe('SERVER_RATE_LIMITED');
      }
    }
    expect(limited).toBe(10);
    const elsewhere = await inject({
      method: 'POST',
      url: '/keys/verify',
      remoteAddress: '203.0.113.10',
      payload: { key: 'x' },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
