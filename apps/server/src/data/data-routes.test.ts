import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, errorCodeOf, setRoles, signUp } from '../testing/access-test-fixtures.js';
import {
  createDataTestContext,
  createDocument,
  type DataTestContext,
  headersOf,
  itemsOf,
  listDocuments,
} from '../testing/data-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

describe.each(testDatabaseTargets())('the data route /db on $name', (target) => {
  let context: DataTestContext;
  beforeAll(async () => {
    context = await createDataTestContext(target);
  });
  afterAll(async () => context?.server.close());

  const inject = (options: InjectOptions) => context.server.app.inject(options);

  describe('create, get, patch, delete', () => {
    it('creates a private document owned by the caller, with server-set system fields', async () => {
      const now = context.server.clock.now();
      const response = await inject({
        method: 'POST',
        url: '/db/notes',
        headers: headersOf(context.alice),
        payload: { title: 'Hello', tags: ['a', 'b'], meta: { n: 1 } },
      });
      expect(response.statusCode).toBe(201);
      const doc = response.json();
      expect(doc).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        owner: context.alice.id,
        visibility: 'private',
        createdAt: now,
        updatedAt: now,
        title: 'Hello',
        tags: ['a', 'b'],
        meta: { n: 1 },
      });
      const read = await inject({
        method: 'GET',
        url: `/db/notes/${doc.id}`,
        headers: headersOf(context.alice),
      });
      expect([read.statusCode, read.json()]).toEqual([200, doc]);
    });

    it('patches by shallow merge, keeps system fields and moves updatedAt', async () => {
      const doc = await createDocument(context.server, context.alice, 'notes', {
        title: 'v1',
        meta: { a: 1, b: 2 },
        keep: true,
      });
      context.server.clock.advance(1000);
      const response = await inject({
        method: 'PATCH',
        url: `/db/notes/${doc.id}`,
        headers: headersOf(context.alice),
        payload: { title: 'v2', meta: { a: 9 }, extra: null, visibility: 'public' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...doc,
        title: 'v2',
        meta: { a: 9 },
        extra: null,
        keep: true,
        visibility: 'public',
        updatedAt: doc.createdAt + 1000,
      });
      const read = await inject({
        method: 'GET',
        url: `/db/notes/${doc.id}`,
        headers: headersOf(context.alice),
      });
      expect(read.json()).toEqual(response.json());
    });

    it('keeps every field of concurrent patches', async () => {
      const doc = await createDocument(context.server, context.alice, 'notes', { title: 'busy' });
      const patches = Array.from({ length: 12 }, (_, index) =>
        inject({
          method: 'PATCH',
          url: `/db/notes/${doc.id}`,
          headers: headersOf(context.alice),
          payload: { [`f${index}`]: index },
        }),
      );
      for (const response of await Promise.all(patches)) expect(response.statusCode).toBe(200);
      const read = await inject({
        method: 'GET',
        url: `/db/notes/${doc.id}`,
        headers: headersOf(context.alice),
      });
      expect(read.json()).toMatchObject(
        Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`f${index}`, index])),
      );
    });

    it('deletes with 204, after which the document is gone', async () => {
      const doc = await createDocument(context.server, context.alice, 'notes', { title: 'bye' });
      const removed = await inject({
        method: 'DELETE',
        url: `/db/notes/${doc.id}`,
        headers: headersOf(context.alice),
      });
      expect([removed.statusCode, removed.body]).toEqual([204, '']);
      const read = await inject({
        method: 'GET',
        url: `/db/notes/${doc.id}`,
        headers: headersOf(context.alice),
      });
      expect([read.statusCode, errorCodeOf(read)]).toEqual([404, 'GATE_NOT_FOUND']);
      const again = await inject({
        method: 'DELETE',
        url: `/db/notes/${doc.id}`,
        headers: headersOf(context.alice),
      });
      expect(again.statusCode).toBe(404);
    });

    it('refuses system fields and bad visibility in bodies, and oversized or over-deep documents', async () => {
      const doc = await createDocument(context.server, context.alice, 'notes', { title: 't' });
      for (const payload of [{ id: 'x' }, { owner: context.bob.id }, { createdAt: 1 }, { updatedAt: 1 }]) {
        const created = await inject({
          method: 'POST',
          url: '/db/notes',
          headers: headersOf(context.alice),
          payload,
        });
        expect([created.statusCode, errorCodeOf(created)]).toEqual([400, 'GATE_INVALID_INPUT']);
        const patched = await inject({
          method: 'PATCH',
          url: `/db/notes/${doc.id}`,
          headers: headersOf(context.alice),
          payload,
        });
        expect([patched.statusCode, errorCodeOf(patched)]).toEqual([400, 'GATE_INVALID_INPUT']);
      }
      // The body schema lists the three visibilities, so Fastify answers before the gate would.
      const secret = await inject({
        method: 'POST',
        url: '/db/notes',
        headers: headersOf(context.alice),
        payload: { visibility: 'secret' },
      });
      expect([secret.statusCode, errorCodeOf(secret)]).toEqual([400, 'SERVER_VALIDATION']);
      const big = await inject({
        method: 'POST',
        url: '/db/notes',
        headers: headersOf(context.alice),
        payload: { text: 'x'.repeat(300_000) },
      });
      expect([big.statusCode, errorCodeOf(big)]).toEqual([400, 'GATE_INVALID_INPUT']);
      let deep: unknown = 1;
      for (let level = 0; level < 40; level += 1) deep = { deep };
      const nested = await inject({
        method: 'POST',
        url: '/db/notes',
        headers: headersOf(context.alice),
        payload: deep as object,
      });
      expect([nested.statusCode, errorCodeOf(nested)]).toEqual([400, 'GATE_INVALID_INPUT']);
      for (const payload of ['[1,2]', '"text"', 'null']) {
        const response = await inject({
          method: 'POST',
          url: '/db/notes',
          headers: { ...headersOf(context.alice), 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
      }
    });

    it('needs a signed-in caller for every write, and the write_data permission', async () => {
      const doc = await createDocument(context.server, context.alice, 'notes', {
        title: 'public',
        visibility: 'public',
      });
      const writes = [
        { method: 'POST', url: '/db/notes', payload: { a: 1 } },
        { method: 'PATCH', url: `/db/notes/${doc.id}`, payload: { a: 1 } },
        { method: 'DELETE', url: `/db/notes/${doc.id}` },
        { method: 'POST', url: `/db/notes/${doc.id}/clone` },
      ] as const;
      for (const write of writes) {
        const response = await inject(write);
        expect([response.statusCode, errorCodeOf(response)]).toEqual([401, 'GATE_UNAUTHENTICATED']);
      }
      const reader = await signUp(context.server.app, 'reader@example.com');
      await setRoles(context.server.app, reader.id, ['staff']);
      const refused = await inject({
        method: 'POST',
        url: '/db/notes',
        headers: headersOf(reader),
        payload: { a: 1 },
      });
      expect([refused.statusCode, errorCodeOf(refused)]).toEqual([403, 'GATE_FORBIDDEN']);
      const read = await inject({ method: 'GET', url: `/db/notes/${doc.id}`, headers: headersOf(reader) });
      expect(read.statusCode).toBe(200);
    });

    it('accepts an API key as well as the session cookie', async () => {
      await setRoles(context.server.app, context.bob.id, ['member', 'developer']);
      const { key } = await createKey(context.server.app, context.bob, 'data');
      const created = await inject({
        method: 'POST',
        url: '/db/keyed',
        headers: { authorization: `Bearer ${key}` },
        payload: { via: 'key' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().owner).toBe(context.bob.id);
      const listed = await inject({ method: 'GET', url: '/db/keyed', headers: { 'x-api-key': key } });
      expect(itemsOf(listed).map((doc) => doc.id)).toEqual([created.json().id]);
      await setRoles(context.server.app, context.bob.id, ['member']);
    });
  });

  describe('visibility and ownership', () => {
    it('serves a public document to everyone but lets only the owner change it', async () => {
      const doc = await createDocument(context.server, context.alice, 'vis', {
        title: 'open',
        visibility: 'public',
      });
      for (const user of [undefined, context.bob, context.admin]) {
        const read = await inject({ method: 'GET', url: `/db/vis/${doc.id}`, headers: headersOf(user) });
        expect([read.statusCode, read.json()]).toEqual([200, doc]);
      }
      const patch = await inject({
        method: 'PATCH',
        url: `/db/vis/${doc.id}`,
        headers: headersOf(context.bob),
        payload: { title: 'mine' },
      });
      expect([patch.statusCode, errorCodeOf(patch)]).toEqual([403, 'GATE_FORBIDDEN']);
      const remove = await inject({
        method: 'DELETE',
        url: `/db/vis/${doc.id}`,
        headers: headersOf(context.bob),
      });
      expect([remove.statusCode, errorCodeOf(remove)]).toEqual([403, 'GATE_FORBIDDEN']);
      const hide = await inject({
        method: 'PATCH',
        url: `/db/vis/${doc.id}`,
        headers: headersOf(context.bob),
        payload: { visibility: 'private' },
      });
      expect(hide.statusCode).toBe(403);
    });

    it('lists a member own and public documents, anonymous callers public ones, admins everything', async () => {
      const mine = await createDocument(context.server, context.alice, 'shelf', { n: 1 });
      const open = await createDocument(context.server, context.alice, 'shelf', {
        n: 2,
        visibility: 'public',
      });
      const link = await createDocument(context.server, context.alice, 'shelf', {
        n: 3,
        visibility: 'unlisted',
      });
      const bobs = await createDocument(context.server, context.bob, 'shelf', { n: 4 });
      const ids = async (user: typeof context.alice | undefined, query: Record<string, string> = {}) =>
        itemsOf(await listDocuments(context.server, user, 'shelf', { sort: 'n', ...query })).map(
          (doc) => doc.id,
        );
      expect(await ids(context.alice)).toEqual([mine.id, open.id, link.id]);
      expect(await ids(context.bob)).toEqual([open.id, bobs.id]);
      expect(await ids(undefined)).toEqual([open.id]);
      expect(await ids(context.admin)).toEqual([mine.id, open.id, link.id, bobs.id]);
      expect(await ids(context.alice, { owner: 'me' })).toEqual([mine.id, open.id, link.id]);
      expect(await ids(context.bob, { owner: 'me' })).toEqual([bobs.id]);
      const anonymousMe = await listDocuments(context.server, undefined, 'shelf', { owner: 'me' });
      expect(anonymousMe.statusCode).toBe(401);
      // Unlisted: readable by id by anyone, listed to nobody but the owner and admins.
      const byId = await inject({ method: 'GET', url: `/db/shelf/${link.id}` });
      expect(byId.statusCode).toBe(200);
      expect(await ids(context.bob, { visibility: 'unlisted' })).toEqual([]);
    });

    it('clones a readable document into a private copy owned by the caller', async () => {
      const source = await createDocument(context.server, context.alice, 'clones', {
        title: 'recipe',
        steps: [1, 2],
        visibility: 'unlisted',
      });
      context.server.clock.advance(5);
      const response = await inject({
        method: 'POST',
        url: `/db/clones/${source.id}/clone`,
        headers: headersOf(context.bob),
      });
      expect(response.statusCode).toBe(201);
      const copy = response.json();
      expect(copy).toEqual({
        id: expect.any(String),
        owner: context.bob.id,
        visibility: 'private',
        createdAt: source.createdAt + 5,
        updatedAt: source.createdAt + 5,
        title: 'recipe',
        steps: [1, 2],
      });
      expect(copy.id).not.toBe(source.id);
      const original = await inject({
        method: 'GET',
        url: `/db/clones/${source.id}`,
        headers: headersOf(context.alice),
      });
      expect(original.json()).toEqual(source);
      const hidden = await createDocument(context.server, context.alice, 'clones', { title: 'secret' });
      const refused = await inject({
        method: 'POST',
        url: `/db/clones/${hidden.id}/clone`,
        headers: headersOf(context.bob),
      });
      expect([refused.statusCode, errorCodeOf(refused)]).toEqual([404, 'GATE_NOT_FOUND']);
      const own = await inject({
        method: 'POST',
        url: `/db/clones/${hidden.id}/clone`,
        headers: headersOf(context.alice),
      });
      expect(own.statusCode).toBe(201);
    });

    it('answers 404, never 403, for another user private document on every verb', async () => {
      const secret = await createDocument(context.server, context.alice, 'private_notes', {
        title: 'secret',
      });
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const id of [secret.id, missing]) {
        for (const [method, url] of [
          ['GET', `/db/private_notes/${id}`],
          ['PATCH', `/db/private_notes/${id}`],
          ['DELETE', `/db/private_notes/${id}`],
          ['POST', `/db/private_notes/${id}/clone`],
        ] as const) {
          const response = await inject({
            method,
            url,
            headers: headersOf(context.bob),
            ...(method === 'PATCH' ? { payload: { x: 1 } } : {}),
          });
          expect([response.statusCode, response.json()]).toEqual([
            404,
            { error: { code: 'GATE_NOT_FOUND', message: 'No such document.' } },
          ]);
        }
      }
      const anonymous = await inject({ method: 'GET', url: `/db/private_notes/${secret.id}` });
      expect(anonymous.statusCode).toBe(404);
    });

    it('lets admins read, change, clone and delete anything', async () => {
      const secret = await createDocument(context.server, context.alice, 'admin_view', { title: 'secret' });
      const read = await inject({
        method: 'GET',
        url: `/db/admin_view/${secret.id}`,
        headers: headersOf(context.admin),
      });
      expect(read.statusCode).toBe(200);
      const patched = await inject({
        method: 'PATCH',
        url: `/db/admin_view/${secret.id}`,
        headers: headersOf(context.admin),
        payload: { title: 'moderated' },
      });
      expect([patched.statusCode, patched.json().title, patched.json().owner]).toEqual([
        200,
        'moderated',
        context.alice.id,
      ]);
      const cloned = await inject({
        method: 'POST',
        url: `/db/admin_view/${secret.id}/clone`,
        headers: headersOf(context.admin),
      });
      expect([cloned.statusCode, cloned.json().owner]).toEqual([201, context.admin.id]);
      const removed = await inject({
        method: 'DELETE',
        url: `/db/admin_view/${secret.id}`,
        headers: headersOf(context.admin),
      });
      expect(removed.statusCode).toBe(204);
    });
  });

  describe('the deny list', () => {
    const denied = [
      'users',
      'sessions',
      'verification_tokens',
      'api_keys',
      'wallets',
      'wallet_ledger',
      'ledger',
      'token_ledger',
      'payment_events',
      'documents',
      'kysely_migration',
    ];

    it('refuses gate tables and gate collections to everyone, admins included', async () => {
      for (const collection of denied) {
        for (const user of [undefined, context.alice, context.admin]) {
          const list = await listDocuments(context.server, user, collection);
          expect([collection, list.statusCode, errorCodeOf(list)]).toEqual([
            collection,
            403,
            'GATE_FORBIDDEN',
          ]);
          const read = await inject({
            method: 'GET',
            url: `/db/${collection}/${context.alice.id}`,
            headers: headersOf(user),
          });
          expect(read.statusCode).toBe(403);
        }
        const create = await inject({
          method: 'POST',
          url: `/db/${collection}`,
          headers: headersOf(context.admin),
          payload: { a: 1 },
        });
        expect([create.statusCode, errorCodeOf(create)]).toEqual([403, 'GATE_FORBIDDEN']);
      }
    });

    it('opens meter_rules to admins only', async () => {
      const member = await inject({
        method: 'POST',
        url: '/db/meter_rules',
        headers: headersOf(context.alice),
        payload: { resource: 'x', cost: 1 },
      });
      expect([member.statusCode, errorCodeOf(member)]).toEqual([403, 'GATE_FORBIDDEN']);
      expect((await listDocuments(context.server, context.alice, 'meter_rules')).statusCode).toBe(403);
      expect((await listDocuments(context.server, undefined, 'meter_rules')).statusCode).toBe(401);
      const rule = await createDocument(context.server, context.admin, 'meter_rules', {
        resource: 'feature:dreamer.run',
        cost: 5,
        visibility: 'public',
      });
      expect(
        itemsOf(await listDocuments(context.server, context.admin, 'meter_rules')).map((doc) => doc.id),
      ).toEqual([rule.id]);
      const memberRead = await inject({
        method: 'GET',
        url: `/db/meter_rules/${rule.id}`,
        headers: headersOf(context.alice),
      });
      expect(memberRead.statusCode).toBe(403);
    });
  });
});
