import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf } from '../testing/access-test-fixtures.js';
import {
  createDataTestContext,
  createDocument,
  type DataTestContext,
  type DocumentBody,
  itemsOf,
  listAllPages,
  listDocuments,
} from '../testing/data-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

describe.each(testDatabaseTargets())('listing /db collections on $name', (target) => {
  let context: DataTestContext;
  beforeAll(async () => {
    context = await createDataTestContext(target);
  });
  afterAll(async () => context?.server.close());

  const list = (collection: string, query: Record<string, string> = {}) =>
    listDocuments(context.server, context.alice, collection, query);
  const fieldOf = (docs: DocumentBody[], field: string) => docs.map((doc) => doc[field]);

  describe('filters', () => {
    let docs: Record<string, DocumentBody>;
    beforeAll(async () => {
      const make = (name: string, data: Record<string, unknown>) =>
        createDocument(context.server, context.alice, 'things', { name, ...data });
      docs = {
        number: await make('number', { n: 42, flag: true, kind: 'a' }),
        text: await make('text', { n: '42', flag: 'true', kind: 'b' }),
        float: await make('float', { n: 42.0, flag: false, kind: 'a' }),
        other: await make('other', { n: 7, flag: null, kind: 'b', nested: { n: 42 } }),
        none: await make('none', { kind: 'c' }),
      };
      context.server.clock.advance(10);
      docs.later = await make('later', { n: -1.5, kind: 'c' });
    });
    const names = async (query: Record<string, string>) =>
      fieldOf(itemsOf(await list('things', { sort: 'name', ...query })), 'name');

    it('matches strings exactly, and numbers, booleans and null both as text and as JSON values', async () => {
      expect(await names({ kind: 'a' })).toEqual(['float', 'number']);
      expect(await names({ n: '42' })).toEqual(['float', 'number', 'text']);
      expect(await names({ n: '-1.5' })).toEqual(['later']);
      expect(await names({ flag: 'true' })).toEqual(['number', 'text']);
      expect(await names({ flag: 'false' })).toEqual(['float']);
      expect(await names({ flag: 'null' })).toEqual(['other']);
      expect(await names({ n: '7', kind: 'b' })).toEqual(['other']);
      expect(await names({ n: '7', kind: 'a' })).toEqual([]);
      expect(await names({ missing: 'x' })).toEqual([]);
      expect(await names({ name: 'Number' })).toEqual([]);
    });

    it('does not reach into nested objects', async () => {
      expect(await names({ nested: '42' })).toEqual([]);
      const dotted = await list('things', { 'nested.n': '42' });
      expect([dotted.statusCode, errorCodeOf(dotted)]).toEqual([400, 'GATE_INVALID_FIELD']);
    });

    it('filters by system fields', async () => {
      const number = docs.number as DocumentBody;
      expect(await names({ id: number.id })).toEqual(['number']);
      expect(await names({ createdAt: String(docs.later?.createdAt) })).toEqual(['later']);
      expect(await names({ updatedAt: String(number.updatedAt), kind: 'c' })).toEqual(['none']);
      expect(await names({ owner: context.alice.id, kind: 'c' })).toEqual(['later', 'none']);
      expect(await names({ visibility: 'public' })).toEqual([]);
      const bad = await list('things', { createdAt: 'yesterday' });
      expect([bad.statusCode, errorCodeOf(bad)]).toEqual([400, 'GATE_INVALID_INPUT']);
    });

    it('refuses a repeated filter', async () => {
      const response = await context.server.app.inject({
        method: 'GET',
        url: '/db/things?kind=a&kind=b',
        headers: { cookie: context.alice.cookie },
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('sorting', () => {
    beforeAll(async () => {
      const values: unknown[] = [10, 9, 100, -1, 2.5, 1e6, 'b', 'A', 'a', true, false, null, { o: 1 }];
      for (const [index, score] of values.entries()) {
        context.server.clock.advance(1);
        await createDocument(context.server, context.alice, 'scores', { label: `#${index}`, score });
      }
      context.server.clock.advance(1);
      await createDocument(context.server, context.alice, 'scores', { label: 'no score' });
    });

    it('orders a numeric body field numerically, on both dialects, with types grouped', async () => {
      const ascending = fieldOf(itemsOf(await list('scores', { sort: 'score' })), 'score');
      // missing and null first, then booleans, numbers by value, strings by code point, objects.
      // (missing and null share the lowest rank, so the id decides between those two.)
      expect(new Set(ascending.slice(0, 2))).toEqual(new Set([undefined, null]));
      expect(ascending.slice(2)).toEqual([false, true, -1, 2.5, 9, 10, 100, 1e6, 'A', 'a', 'b', { o: 1 }]);
      const descending = fieldOf(itemsOf(await list('scores', { sort: '-score' })), 'score');
      expect(descending).toEqual([...ascending].reverse());
    });

    it('orders by system fields both ways', async () => {
      const ascending = itemsOf(await list('scores', { sort: 'createdAt' }));
      expect(fieldOf(ascending, 'label')).toEqual([
        ...Array.from({ length: 13 }, (_, index) => `#${index}`),
        'no score',
      ]);
      const descending = itemsOf(await list('scores', { sort: '-createdAt' }));
      expect(descending).toEqual([...ascending].reverse());
      expect(itemsOf(await list('scores'))).toEqual(descending);
      const byId = fieldOf(itemsOf(await list('scores', { sort: 'id' })), 'id');
      expect(byId).toEqual([...byId].sort());
      const byLabel = fieldOf(itemsOf(await list('scores', { sort: '-label' })), 'label');
      expect(byLabel).toEqual([...byLabel].sort().reverse());
    });

    it('refuses unknown sort syntax', async () => {
      for (const sort of ['score,label', '+score', '--score', 'score desc', 'a.b']) {
        const response = await list('scores', { sort });
        expect([sort, response.statusCode, errorCodeOf(response)]).toEqual([sort, 400, 'GATE_INVALID_FIELD']);
      }
    });
  });

  describe('pagination', () => {
    beforeAll(async () => {
      // All at one instant, so createdAt ties everywhere and only the id keeps the order total.
      for (let index = 0; index < 120; index += 1) {
        await createDocument(context.server, context.alice, 'many', {
          index,
          bucket: index % 7,
          word: `w${index % 3}`,
        });
      }
    });

    it.each([['createdAt'], ['-createdAt'], ['bucket'], ['-bucket'], ['word'], ['-index'], ['id']])(
      'pages through 120 rows sorted by %s, 50 at a time, each row once and in order',
      async (sort) => {
        const everything = itemsOf(await list('many', { sort, limit: '5000' }));
        expect(everything).toHaveLength(120);
        const { items, pageSizes } = await listAllPages(context.server, context.alice, 'many', {
          sort,
          limit: '50',
        });
        expect(pageSizes).toEqual([50, 50, 20]);
        expect(items.map((doc) => doc.id)).toEqual(everything.map((doc) => doc.id));
        expect(new Set(items.map((doc) => doc.id)).size).toBe(120);
      },
    );

    it('pages a filtered listing and ends with a null cursor', async () => {
      const { items, pageSizes } = await listAllPages(context.server, context.alice, 'many', {
        bucket: '3',
        sort: '-index',
        limit: '5',
      });
      expect(fieldOf(items, 'index')).toEqual([
        115, 108, 101, 94, 87, 80, 73, 66, 59, 52, 45, 38, 31, 24, 17, 10, 3,
      ]);
      expect(pageSizes).toEqual([5, 5, 5, 2]);
      const last = await list('many', { bucket: '3', limit: '100' });
      expect(last.json().nextCursor).toBeNull();
    });

    it('defaults to 50 rows and refuses limits outside 1…5000', async () => {
      const first = await list('many');
      expect(itemsOf(first)).toHaveLength(50);
      expect(typeof first.json().nextCursor).toBe('string');
      for (const limit of ['5001', '0', '-1', 'ten', '1.5']) {
        const response = await list('many', { limit });
        expect([limit, response.statusCode]).toEqual([limit, 400]);
      }
      expect(itemsOf(await list('many', { limit: '5000' }))).toHaveLength(120);
    });

    it('refuses a damaged cursor or one made for another sort', async () => {
      const first = await list('many', { sort: 'bucket', limit: '10' });
      const cursor = first.json().nextCursor as string;
      const other = await list('many', { sort: '-bucket', cursor });
      expect([other.statusCode, errorCodeOf(other)]).toEqual([400, 'GATE_INVALID_CURSOR']);
      for (const bad of [
        'garbage!',
        cursor.slice(5),
        Buffer.from('{"s":"bucket","k":["x"]}').toString('base64url'),
      ]) {
        const response = await list('many', { sort: 'bucket', cursor: bad });
        expect([response.statusCode, errorCodeOf(response)]).toEqual([400, 'GATE_INVALID_CURSOR']);
      }
    });
  });
});
