import { DEFAULT_DATA_QUOTA_BYTES, documentBytes, MAX_LIST_BYTES } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../testing/access-test-fixtures.js';
import {
  createDataTestContext,
  createDocument,
  type DataTestContext,
  headersOf,
  itemsOf,
  listAllPages,
} from '../testing/data-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { DATA_READ_RATE_LIMITS } from './data-rate-limits.js';

/** A body of about `chars` bytes of JSON. */
const large = (chars: number, extra: Record<string, unknown> = {}) => ({ blob: 'x'.repeat(chars), ...extra });

describe.each(testDatabaseTargets())('bounds of /db on $name', (target) => {
  let context: DataTestContext;
  beforeAll(async () => {
    context = await createDataTestContext(target);
  });
  afterAll(async () => context?.server.close());

  const write = (method: 'POST' | 'PATCH', url: string, cookie: string, payload: Record<string, unknown>) =>
    context.server.app.inject({ method, url, headers: { cookie }, payload });

  describe('list pages bounded by bytes', () => {
    const count = 12;
    beforeAll(async () => {
      for (let n = 0; n < count; n++) {
        await createDocument(
          context.server,
          context.alice,
          'big',
          large(250_000, { n, visibility: 'public' }),
        );
      }
    });

    it('stops a page before 2 MiB and hands back a cursor, whatever the limit', async () => {
      const response = await context.server.app.inject({ method: 'GET', url: '/db/big?limit=5000' });
      const items = itemsOf(response);
      const perDocument = documentBytes(JSON.stringify(large(250_000, { n: 10 })).length);
      expect(items).toHaveLength(Math.floor(MAX_LIST_BYTES / perDocument));
      expect(response.json().nextCursor).toEqual(expect.any(String));
      expect(response.rawPayload.length).toBeLessThanOrEqual(MAX_LIST_BYTES);
    });

    it('reads every document exactly once by following the cursor, in order', async () => {
      const { items, pageSizes } = await listAllPages(context.server, undefined, 'big', {
        limit: '5000',
        sort: 'n',
      });
      expect(items.map((item) => item.n)).toEqual(Array.from({ length: count }, (_, n) => n));
      expect(pageSizes.length).toBeGreaterThan(1);
      expect(pageSizes.every((size) => size > 0)).toBe(true);
    });

    it('still cuts at the row limit first when the rows are small', async () => {
      const response = await context.server.app.inject({
        method: 'GET',
        url: '/db/big?limit=3&sort=n',
      });
      expect(itemsOf(response).map((item) => item.n)).toEqual([0, 1, 2]);
      expect(response.json().nextCursor).toEqual(expect.any(String));
    });
  });

  describe('stored-bytes quota per member and collection', () => {
    it('refuses a create, clone or growing patch past 64 MiB with 413 GATE_QUOTA_EXCEEDED', async () => {
      const member = await signUp(context.server.app, 'filler@example.com');
      const small = await createDocument(context.server, member, 'hoard', { s: 'a' });
      const perDocument = documentBytes(JSON.stringify(large(250_000)).length);
      const room = DEFAULT_DATA_QUOTA_BYTES - documentBytes(JSON.stringify({ s: 'a' }).length);
      const ids: string[] = [];
      for (let n = 0; n < Math.floor(room / perDocument); n++) {
        ids.push((await createDocument(context.server, member, 'hoard', large(250_000))).id);
      }
      const refused = await write('POST', '/db/hoard', member.cookie, large(250_000));
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error).toMatchObject({
        code: 'GATE_QUOTA_EXCEEDED',
        message: expect.stringContaining('"hoard"'),
        details: { collection: 'hoard', quotaBytes: DEFAULT_DATA_QUOTA_BYTES },
      });
      const [first, second] = ids as [string, string];
      const cloned = await context.server.app.inject({
        method: 'POST',
        url: `/db/hoard/${first}/clone`,
        headers: headersOf(member),
      });
      expect(cloned.statusCode).toBe(413);
      const grown = await write('PATCH', `/db/hoard/${small.id}`, member.cookie, large(250_000));
      expect(grown.statusCode).toBe(413);
      expect(grown.json().error.code).toBe('GATE_QUOTA_EXCEEDED');
      // Shrinking is always allowed; deleting frees room for a new document.
      expect((await write('PATCH', `/db/hoard/${first}`, member.cookie, { blob: 'small' })).statusCode).toBe(
        200,
      );
      const removed = await context.server.app.inject({
        method: 'DELETE',
        url: `/db/hoard/${second}`,
        headers: headersOf(member),
      });
      expect(removed.statusCode).toBe(204);
      expect((await write('POST', '/db/hoard', member.cookie, large(250_000))).statusCode).toBe(201);
      // The quota is per collection, and admins are not limited.
      expect((await write('POST', '/db/other_hoard', member.cookie, large(250_000))).statusCode).toBe(201);
      for (let n = 0; n < Math.ceil(DEFAULT_DATA_QUOTA_BYTES / perDocument) + 1; n++) {
        expect(
          (await write('POST', '/db/admin_hoard', context.admin.cookie, large(250_000))).statusCode,
        ).toBe(201);
      }
    });
  });

  describe('read rate limits', () => {
    const listFrom = (remoteAddress: string, cookie?: string) =>
      context.server.app.inject({
        method: 'GET',
        url: '/db/notes',
        remoteAddress,
        headers: cookie ? { cookie } : {},
      });

    it('limits anonymous lists per address and signed-in lists per user, in the one error shape', async () => {
      const { anonymous, signedIn } = DATA_READ_RATE_LIMITS.list;
      for (let n = 0; n < anonymous; n++) expect((await listFrom('10.0.0.1')).statusCode).toBe(200);
      const limited = await listFrom('10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: 'SERVER_RATE_LIMITED', message: expect.any(String) },
      });
      expect(limited.headers['retry-after']).toBeDefined();
      // Another address, and a signed-in user on the same address, have their own budgets.
      expect((await listFrom('10.0.0.2')).statusCode).toBe(200);
      const reader = await signUp(context.server.app, 'reader@example.com');
      for (let n = 0; n < signedIn; n++) {
        expect((await listFrom(`10.1.${n % 200}.1`, reader.cookie)).statusCode).toBe(200);
      }
      // The user's budget follows them across addresses.
      expect((await listFrom('10.9.9.9', reader.cookie)).statusCode).toBe(429);
    });

    it('limits reads of one document too', async () => {
      const note = await createDocument(context.server, context.alice, 'notes', { visibility: 'public' });
      const { anonymous } = DATA_READ_RATE_LIMITS.get;
      const read = () =>
        context.server.app.inject({ method: 'GET', url: `/db/notes/${note.id}`, remoteAddress: '10.0.0.3' });
      for (let n = 0; n < anonymous; n++) expect((await read()).statusCode).toBe(200);
      expect((await read()).statusCode).toBe(429);
    });
  });
});
