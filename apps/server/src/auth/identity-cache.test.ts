import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, FIXTURE_ENV, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// The gate trusts a resolved credential for SVC_IDENTITY_CACHE_MS. Changes made through the gate
// invalidate at once (the auth, keys and guards suites prove that); these tests pin down the rest.
describe.each(testDatabaseTargets())('identity cache on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, { ...FIXTURE_ENV, SVC_IDENTITY_CACHE_MS: '1000' });
  });
  afterAll(async () => server?.close());

  const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } });

  it('sees a change made outside the gate once the cache lifetime has passed', async () => {
    const user = await signUpWithRoles(server.app, 'outside@example.com', ['member']);
    expect((await me(user.cookie)).json().roles).toEqual(['member']);
    // A manual edit (or another server instance) changes the roles behind this process's back.
    await server.database.db
      .updateTable('users')
      .set({ roles: '["member","staff"]' })
      .where('id', '=', user.id)
      .execute();
    expect((await me(user.cookie)).json().roles).toEqual(['member']);
    server.clock.advance(1000);
    expect((await me(user.cookie)).json().roles).toEqual(['member', 'staff']);
  });

  it('never caches a failed lookup', async () => {
    const user = await signUpWithRoles(server.app, 'revoked@example.com', ['member']);
    await server.database.db
      .updateTable('sessions')
      .set({ revoked_at: 1 })
      .where('user_id', '=', user.id)
      .execute();
    server.clock.advance(1000);
    expect((await me(user.cookie)).statusCode).toBe(401);
    await server.database.db
      .updateTable('sessions')
      .set({ revoked_at: null })
      .where('user_id', '=', user.id)
      .execute();
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  // Issue 10, defect 1: a credential is only read on its own channel, cached or not.
  it('never serves a cached session to the same token sent as an API key', async () => {
    const user = await signUpWithRoles(server.app, 'channel-session@example.com', ['member']);
    expect((await me(user.cookie)).statusCode).toBe(200);
    const token = user.cookie.slice(user.cookie.indexOf('=') + 1);
    for (const headers of [{ 'x-api-key': token }, { authorization: `Bearer svc_${token}` }]) {
      const forged = await server.app.inject({ method: 'GET', url: '/auth/me', headers });
      expect(forged.statusCode).toBe(401);
    }
  });

  it('never serves a cached API key to the same key sent as the session cookie', async () => {
    const developer = await signUpWithRoles(server.app, 'channel-key@example.com', ['member', 'developer']);
    const { key } = await createKey(server.app, developer, 'channel');
    const byKey = await server.app.inject({ method: 'GET', url: '/auth/me', headers: { 'x-api-key': key } });
    expect(byKey.statusCode).toBe(200);
    const asCookie = await me(`${server.config.cookieName}=${key}`);
    expect(asCookie.statusCode).toBe(401);
  });
});
