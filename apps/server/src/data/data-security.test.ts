import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf } from '../testing/access-test-fixtures.js';
import {
  createDataTestContext,
  createDocument,
  type DataTestContext,
  type DocumentBody,
  headersOf,
  itemsOf,
  listDocuments,
} from '../testing/data-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

const INJECTED_COLLECTIONS = [
  'users;--',
  "documents' OR 1=1",
  'documents" OR "1"="1',
  'notes; DROP TABLE users',
  'notes%00',
  'nötes',
  'ｕｓｅｒｓ',
  'Users',
  'USERS',
  '_users',
  'notes..%2F..%2Fusers',
  '%2E%2E%2Fusers',
  'a'.repeat(64),
  'a'.repeat(99),
  'a'.repeat(5000),
  '1',
  '$',
  'notes%20',
];

describe.each(testDatabaseTargets())('data route security on $name', (target) => {
  let context: DataTestContext;
  let secret: DocumentBody;
  let userCount: number;
  beforeAll(async () => {
    context = await createDataTestContext(target);
    secret = await createDocument(context.server, context.alice, 'notes', {
      title: 'alice secret',
      pin: 1234,
    });
    await createDocument(context.server, context.bob, 'notes', { title: "'; DROP TABLE documents; --" });
    userCount = await countRows('users');
  });
  afterAll(async () => context?.server.close());

  const inject = (options: InjectOptions) => context.server.app.inject(options);
  async function countRows(table: 'users' | 'documents'): Promise<number> {
    const { rows } = await sql<{
      count: number | string;
    }>`select count(*) as count from ${sql.table(table)}`.execute(context.server.database.db);
    return Number(rows[0]?.count);
  }
  /** The gate tables are intact and alice's private row never left her hands. */
  async function expectDatabaseIntact(): Promise<void> {
    expect(await countRows('users')).toBe(userCount);
    expect(await countRows('documents')).toBeGreaterThanOrEqual(2);
    const stored = await inject({
      method: 'GET',
      url: `/db/notes/${secret.id}`,
      headers: headersOf(context.alice),
    });
    expect(stored.json()).toEqual(secret);
  }
  const leaks = (body: string) =>
    body.includes('alice secret') || body.includes('password_hash') || body.includes('$scrypt$');

  describe('SQL injection', () => {
    it('through the collection name: refused, never run', async () => {
      for (const collection of INJECTED_COLLECTIONS) {
        const path = collection.includes('%') ? collection : encodeURIComponent(collection);
        for (const [method, url] of [
          ['GET', `/db/${path}`],
          ['GET', `/db/${path}/${secret.id}`],
          ['POST', `/db/${path}`],
          ['PATCH', `/db/${path}/${secret.id}`],
          ['DELETE', `/db/${path}/${secret.id}`],
          ['POST', `/db/${path}/${secret.id}/clone`],
        ] as const) {
          const response = await inject({
            method,
            url,
            headers: headersOf(context.bob),
            ...(method === 'POST' || method === 'PATCH' ? { payload: { a: 1 } } : {}),
          });
          // 414: Fastify refuses a path parameter over 100 characters before routing.
          const label = `${method} ${url.slice(0, 120)}`;
          expect([label, response.statusCode]).toEqual([label, expect.toBeOneOf([400, 403, 404, 414])]);
          expect(leaks(response.body)).toBe(false);
        }
      }
      await expectDatabaseIntact();
    });

    it('through filter field names: 400 GATE_INVALID_FIELD', async () => {
      const names = [
        "'; DROP TABLE documents; --",
        "a') OR ('1'='1",
        'a.b',
        '$',
        '$.owner',
        '[0]',
        'a[0]',
        '"',
        "'",
        'title"',
        'a b',
        '(select 1)',
        'owner--',
        'x'.repeat(65),
      ];
      for (const name of names) {
        const response = await listDocuments(context.server, context.bob, 'notes', { [name]: '1' });
        expect([name, response.statusCode, errorCodeOf(response)]).toEqual([name, 400, 'GATE_INVALID_FIELD']);
      }
      await expectDatabaseIntact();
    });

    it('through filter values: compared as plain data', async () => {
      const values = [
        "'; DROP TABLE documents; --",
        "a') OR ('1'='1",
        "' OR '1'='1",
        '" OR ""="',
        '1 OR 1=1',
        '$',
        '%',
        '_',
        '\\',
        '*',
      ];
      for (const value of values) {
        for (const field of ['title', 'owner', 'id', 'visibility']) {
          const response = await listDocuments(context.server, context.bob, 'notes', { [field]: value });
          const expected = field === 'title' && value === "'; DROP TABLE documents; --" ? 1 : 0;
          expect([field, value, itemsOf(response).length]).toEqual([field, value, expected]);
          expect(leaks(response.body)).toBe(false);
        }
      }
      const exact = itemsOf(
        await listDocuments(context.server, context.bob, 'notes', { title: "'; DROP TABLE documents; --" }),
      );
      expect(exact.map((doc) => doc.owner)).toEqual([context.bob.id]);
      await expectDatabaseIntact();
    });

    it('through unicode and NUL: stored and matched as data, NUL refused on both dialects', async () => {
      const text = 'ünï©ødé 😀 ‮rtl ＇ＯＲ１＝１';
      const doc = await createDocument(context.server, context.bob, 'notes', {
        title: text,
        [`k${'é'.length}`]: 1,
      });
      expect(
        itemsOf(await listDocuments(context.server, context.bob, 'notes', { title: text })).map((d) => d.id),
      ).toEqual([doc.id]);
      const nulFilter = await listDocuments(context.server, context.bob, 'notes', { title: 'a\u0000b' });
      expect([nulFilter.statusCode, errorCodeOf(nulFilter)]).toEqual([400, 'GATE_INVALID_INPUT']);
      const nulBody = await inject({
        method: 'POST',
        url: '/db/notes',
        headers: headersOf(context.bob),
        payload: { title: 'a\u0000b' },
      });
      expect([nulBody.statusCode, errorCodeOf(nulBody)]).toEqual([400, 'GATE_INVALID_INPUT']);
      const nulId = await inject({ method: 'GET', url: '/db/notes/a%00b', headers: headersOf(context.bob) });
      expect(nulId.statusCode).toBe(404);
      await expectDatabaseIntact();
    });

    it('through sort keys: 400 GATE_INVALID_FIELD', async () => {
      for (const sort of [
        '-createdAt;drop',
        '(select 1)',
        'createdAt; DROP TABLE users',
        'createdAt desc',
        '-',
        'id,owner',
        "title'",
        '$.title',
        'body',
      ]) {
        const response = await listDocuments(context.server, context.bob, 'notes', { sort });
        expect([sort, response.statusCode]).toEqual([sort, sort === 'body' ? 200 : 400]);
        expect(leaks(response.body)).toBe(false);
      }
      await expectDatabaseIntact();
    });

    it('through a forged cursor: refused or compared as data', async () => {
      const forge = (key: unknown[], sort = '-createdAt') =>
        Buffer.from(JSON.stringify({ s: sort, k: key })).toString('base64url');
      const forged = [
        forge(['1; DROP TABLE users', 'x']),
        forge([0, "' OR '1'='1"]),
        forge([Number.MAX_SAFE_INTEGER, "') OR 1=1 --"]),
        forge([1, 2, 3]),
        forge(['x'], '(select 1)'),
      ];
      for (const cursor of forged) {
        const response = await listDocuments(context.server, context.bob, 'notes', { cursor });
        expect(response.statusCode === 400 ? errorCodeOf(response) : 'ok').toBeOneOf([
          'GATE_INVALID_CURSOR',
          'ok',
        ]);
        expect(leaks(response.body)).toBe(false);
      }
      await expectDatabaseIntact();
    });
  });

  describe('IDOR', () => {
    it('user B cannot read, change, delete or clone user A private document by id', async () => {
      for (const [method, url] of [
        ['GET', `/db/notes/${secret.id}`],
        ['PATCH', `/db/notes/${secret.id}`],
        ['DELETE', `/db/notes/${secret.id}`],
        ['POST', `/db/notes/${secret.id}/clone`],
      ] as const) {
        const response = await inject({
          method,
          url,
          headers: headersOf(context.bob),
          ...(method === 'PATCH' ? { payload: { title: 'pwned' } } : {}),
        });
        expect([method, response.statusCode, errorCodeOf(response)]).toEqual([method, 404, 'GATE_NOT_FOUND']);
      }
      const viaOtherCollection = await inject({
        method: 'GET',
        url: `/db/other/${secret.id}`,
        headers: headersOf(context.alice),
      });
      expect(viaOtherCollection.statusCode).toBe(404);
      await expectDatabaseIntact();
    });

    it('user B cannot list user A private documents, whatever the filters', async () => {
      const queries: Record<string, string>[] = [
        {},
        { owner: context.alice.id },
        { id: secret.id },
        { visibility: 'private' },
        { pin: '1234' },
        { limit: '5000' },
      ];
      for (const query of queries) {
        const response = await listDocuments(context.server, context.bob, 'notes', query);
        expect(itemsOf(response).every((doc) => doc.owner === context.bob.id)).toBe(true);
        expect(leaks(response.body)).toBe(false);
        const anonymous = await listDocuments(context.server, undefined, 'notes', query);
        expect(itemsOf(anonymous)).toEqual([]);
      }
    });

    it('nobody can create a document owned by someone else, or move one to another owner', async () => {
      const created = await inject({
        method: 'POST',
        url: '/db/notes',
        headers: headersOf(context.bob),
        payload: { owner: context.alice.id, title: 'planted' },
      });
      expect([created.statusCode, errorCodeOf(created)]).toEqual([400, 'GATE_INVALID_INPUT']);
      const own = await createDocument(context.server, context.bob, 'notes', { title: 'bob' });
      for (const payload of [{ owner: context.alice.id }, { id: secret.id }, { createdAt: 0 }]) {
        const patched = await inject({
          method: 'PATCH',
          url: `/db/notes/${own.id}`,
          headers: headersOf(context.bob),
          payload,
        });
        expect([patched.statusCode, errorCodeOf(patched)]).toEqual([400, 'GATE_INVALID_INPUT']);
      }
      const byAdmin = await inject({
        method: 'PATCH',
        url: `/db/notes/${own.id}`,
        headers: headersOf(context.admin),
        payload: { owner: context.admin.id },
      });
      expect(byAdmin.statusCode).toBe(400);
      const stored = await inject({
        method: 'GET',
        url: `/db/notes/${own.id}`,
        headers: headersOf(context.bob),
      });
      expect(stored.json()).toEqual(own);
    });

    it('a body cannot pollute prototypes or smuggle system fields', async () => {
      const response = await inject({
        method: 'POST',
        url: '/db/notes',
        headers: { ...headersOf(context.bob), 'content-type': 'application/json' },
        payload: '{"title":"x","__proto__":{"isAdmin":true}}',
      });
      expect(response.statusCode).toBe(400);
      const weird = await createDocument(context.server, context.bob, 'notes', {
        '$.owner': 'x',
        'a.b': 1,
        "'": 2,
      });
      expect(weird.owner).toBe(context.bob.id);
    });
  });

  describe('reaching the gate tables', () => {
    it('the users table and its rows are out of reach through /db, for members and admins', async () => {
      for (const user of [undefined, context.bob, context.admin]) {
        for (const [method, url] of [
          ['GET', '/db/users'],
          ['GET', `/db/users/${context.alice.id}`],
          ['GET', `/db/users?email=${encodeURIComponent(context.alice.email)}`],
          ['GET', '/db/sessions'],
          ['GET', '/db/api_keys'],
          ['POST', '/db/users'],
          ['PATCH', `/db/users/${context.alice.id}`],
          ['DELETE', `/db/users/${context.alice.id}`],
        ] as const) {
          const response = await inject({
            method,
            url,
            headers: headersOf(user),
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { roles: ['admin'] } }),
          });
          expect([method, url, response.statusCode]).toEqual([method, url, expect.toBeOneOf([401, 403])]);
          expect(leaks(response.body)).toBe(false);
        }
      }
      const sneaky = await listDocuments(context.server, context.admin, 'notes', { collection: 'users' });
      expect(itemsOf(sneaky)).toEqual([]);
      await expectDatabaseIntact();
      const alice = await context.server.database.db
        .selectFrom('users')
        .select('roles')
        .where('id', '=', context.alice.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(alice.roles)).not.toContain('admin');
    });
  });
});
