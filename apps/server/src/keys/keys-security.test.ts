import { createHmac } from 'node:crypto';
import type { RequestUser } from '@svc/gate';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDeveloper } from '../plugins/guards.js';
import {
  createKey,
  createServerWithRoutes,
  errorCodeOf,
  type SignedInUser,
  setRoles,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';

const VALID_SPEC = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} };

describe.each(testDatabaseTargets())('API key security on $name', (target) => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    server = await createServerWithRoutes(target, (app) => {
      app.get('/test/whoami', async (request) => ({ user: request.user }));
      app.get('/test/developer-only', { preHandler: requireDeveloper }, async () => ({ ok: true }));
    });
    alice = await signUpWithRoles(server.app, 'alice@example.com', ['member', 'developer']);
    bob = await signUpWithRoles(server.app, 'bob@example.com', ['member', 'developer']);
  });
  afterAll(async () => server?.close());

  const inject = (options: InjectOptions) => server.app.inject(options);
  const whoami = async (key: string): Promise<RequestUser | null> =>
    (await inject({ method: 'GET', url: '/test/whoami', headers: { 'x-api-key': key } })).json().user;

  it('stores only the HMAC of the secret with the pepper, never the key', async () => {
    const { key, id } = await createKey(server.app, alice, 'stored');
    const row = await server.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const secret = key.slice(21);
    expect(row.secret_hash).toBe(
      createHmac('sha256', server.app.svcConfig.apiKeyPepper).update(secret).digest('hex'),
    );
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.prefix).toBe(key.slice(0, 12));
  });

  it("resolves a key to its user with that user's roles and the key as credential", async () => {
    const { key, id } = await createKey(server.app, alice, 'whoami');
    const user = await whoami(key);
    expect(user).toMatchObject({
      id: alice.id,
      email: alice.email,
      roles: ['member', 'developer'],
      isDeveloper: true,
      via: 'api-key',
      credentialId: id,
    });
    expect(user?.permissions).toContain('create_api_key');
  });

  it('IDOR: another user cannot list, delete or claim a key', async () => {
    const { key, id } = await createKey(server.app, alice, 'alice only');
    const bobList = await inject({ method: 'GET', url: '/keys', headers: { cookie: bob.cookie } });
    expect(bobList.json().keys.map((k: { id: string }) => k.id)).not.toContain(id);
    const bobDelete = await inject({ method: 'DELETE', url: `/keys/${id}`, headers: { cookie: bob.cookie } });
    expect([bobDelete.statusCode, errorCodeOf(bobDelete)]).toEqual([404, 'GATE_NOT_FOUND']);
    const missing = await inject({
      method: 'DELETE',
      url: '/keys/AAAAAAAAAAAAAAAA',
      headers: { cookie: bob.cookie },
    });
    expect(missing.json()).toEqual(bobDelete.json());
    expect((await whoami(key))?.id).toBe(alice.id);
    const verified = await inject({
      method: 'POST',
      url: '/keys/verify',
      headers: { cookie: bob.cookie },
      payload: { key },
    });
    expect(verified.json()).toEqual({ valid: true, keyId: id, userId: alice.id });
  });

  it('refuses a wrong secret with the right public id', async () => {
    const { key } = await createKey(server.app, alice, 'guessed');
    const last = key.at(-1) === 'a' ? 'b' : 'a';
    const forged = `${key.slice(0, -1)}${last}`;
    const response = await inject({
      method: 'GET',
      url: '/keys',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect([response.statusCode, errorCodeOf(response)]).toEqual([401, 'GATE_UNAUTHENTICATED']);
    expect(await whoami(forged)).toBeNull();
    const otherSecret = `${key.slice(0, 21)}${(await createKey(server.app, bob, 'donor')).key.slice(21)}`;
    expect(await whoami(otherSecret)).toBeNull();
  });

  it('refuses malformed keys and ignores bearer tokens that are not keys', async () => {
    for (const key of ['svc_', 'svc_abc_def', `svc_${'A'.repeat(16)}_${'B'.repeat(43)}`, "svc_' or 1=1 --"]) {
      expect(await whoami(key)).toBeNull();
    }
    const notKey = await inject({
      method: 'GET',
      url: '/keys',
      headers: { authorization: 'Bearer some.jwt.value' },
    });
    expect(notKey.statusCode).toBe(401);
  });

  it('refuses a deleted key on the very next request, in both headers', async () => {
    const { key, id } = await createKey(server.app, alice, 'deleted');
    expect((await whoami(key))?.id).toBe(alice.id);
    expect(
      (await inject({ method: 'DELETE', url: `/keys/${id}`, headers: { cookie: alice.cookie } })).statusCode,
    ).toBe(204);
    expect(await whoami(key)).toBeNull();
    const bearer = await inject({
      method: 'GET',
      url: '/test/developer-only',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(bearer.statusCode).toBe(401);
  });

  it("a demoted developer's key loses developer rights at once, and regains them on promotion", async () => {
    const carol = await signUpWithRoles(server.app, 'carol@example.com', ['member', 'developer']);
    const { key } = await createKey(server.app, carol, 'demoted');
    const adapterCall = () =>
      inject({
        method: 'POST',
        url: '/api/adapters/spec/validate',
        headers: { 'x-api-key': key },
        payload: { spec: VALID_SPEC },
      });
    expect(
      (await inject({ method: 'GET', url: '/test/developer-only', headers: { 'x-api-key': key } }))
        .statusCode,
    ).toBe(200);
    expect((await adapterCall()).statusCode).toBe(200);

    await setRoles(server.app, carol.id, ['member']);
    const developerOnly = await inject({
      method: 'GET',
      url: '/test/developer-only',
      headers: { 'x-api-key': key },
    });
    expect([developerOnly.statusCode, errorCodeOf(developerOnly)]).toEqual([403, 'GATE_FORBIDDEN']);
    expect((await adapterCall()).statusCode).toBe(403);
    expect((await whoami(key))?.roles).toEqual(['member']);

    await setRoles(server.app, carol.id, ['member', 'developer']);
    expect((await adapterCall()).statusCode).toBe(200);
  });

  it("a deleted user's keys stop working", async () => {
    const dave = await signUpWithRoles(server.app, 'dave@example.com', ['member', 'developer']);
    const { key } = await createKey(server.app, dave, 'orphan');
    await server.database.db.deleteFrom('users').where('id', '=', dave.id).execute();
    expect(await whoami(key)).toBeNull();
  });
});
