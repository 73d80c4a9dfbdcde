import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type IndexableSection } from './build-search-index.js';
import { loadSearchIndex } from './search-index.js';
import { tokenize, tokenizeQuery } from './tokenize.js';

const section = (
  pageId: string,
  anchor: string,
  text: string,
  extra: Partial<IndexableSection> = {},
): IndexableSection => ({
  pageId,
  pageTitle: pageId,
  kind: 'reference',
  package: null,
  anchor,
  heading: anchor,
  symbols: [],
  text,
  ...extra,
});

const SECTIONS: IndexableSection[] = [
  section('auth', 'sessions', 'Sessions live in a cookie. Sign in with a password.', {
    pageTitle: 'Accounts and sessions',
  }),
  section('auth', 'rate-limits', 'Sign-in is rate limited per client: 429 with retry-after.', {
    heading: 'Rate limits',
  }),
  section('keys', 'rotate', 'Rotate an API key by creating a new key, then revoking the old one.', {
    heading: 'Rotating keys',
  }),
  section('api/core', 'createdocsreader', 'Creates a reader over the site.', {
    kind: 'api',
    package: '@svc/core',
    heading: 'createDocsReader',
    symbols: ['createDocsReader'],
  }),
  section('options', 'limits', 'The option max_body_size bounds the request body.', { heading: 'Limits' }),
  section('tie-b', 'x', 'widget gadget'),
  section('tie-a', 'x', 'widget gadget'),
];

const index = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchIndex(SECTIONS))));

describe('tokenize', () => {
  it('indexes identifiers whole and split (camelCase, snake_case, kebab-case)', () => {
    expect(tokenize('createDocsReader max_body_size spec-toolkit HTTPServer')).toEqual([
      'createdocsreader',
      'create',
      'docs',
      'reader',
      'max_body_size',
      'max',
      'body',
      'size',
      'spec-toolkit',
      'spec',
      'toolkit',
      'httpserver',
      'http',
      'server',
    ]);
  });

  it('drops stop words from queries unless nothing else is left', () => {
    expect(tokenizeQuery('how do I rotate a key')).toEqual(['rotate', 'key']);
    expect(tokenizeQuery('how to')).toEqual(['how', 'to']);
  });
});

describe('search', () => {
  it('ranks an exact symbol or title match first, whatever the scores', () => {
    expect(index.search('createDocsReader').hits[0]).toMatchObject({ pageId: 'api/core', exact: 'symbol' });
    expect(index.search('accounts and sessions').hits[0]).toMatchObject({ pageId: 'auth', exact: 'title' });
  });

  it('finds split identifier parts and whole snake_case names', () => {
    expect(index.search('docs reader').hits[0]?.pageId).toBe('api/core');
    expect(index.search('body size').hits[0]).toMatchObject({ pageId: 'options', anchor: 'limits' });
    expect(index.search('max_body_size').hits[0]?.terms[0]).toMatchObject({
      term: 'max_body_size',
      how: 'exact',
    });
  });

  it('matches prefixes and typos, and says how each term matched', () => {
    const prefix = index.search('rotat').hits[0];
    expect(prefix).toMatchObject({ pageId: 'keys', anchor: 'rotate' });
    expect(prefix?.terms).toEqual([
      { term: 'rotat', matched: 'rotating', how: 'prefix', fields: ['headings'] },
    ]);
    const typo = index.search('pasword').hits[0];
    expect(typo).toMatchObject({ pageId: 'auth', anchor: 'sessions' });
    expect(typo?.terms[0]).toMatchObject({ matched: 'password', how: 'fuzzy' });
  });

  it('points at the best section of a page', () => {
    expect(index.search('rate limited').hits[0]).toMatchObject({
      pageId: 'auth',
      anchor: 'rate-limits',
      heading: 'Rate limits',
    });
  });

  it('filters by kind and package, pages with limit and offset, and breaks ties by page id', () => {
    expect(index.search('reader', { kind: 'reference' }).hits).toEqual([]);
    expect(index.search('reader', { package: '@svc/core' }).hits).toHaveLength(1);
    const all = index.search('widget gadget');
    expect(all.hits.map((hit) => hit.pageId)).toEqual(['tie-a', 'tie-b']);
    expect(index.search('widget gadget', { limit: 1, offset: 1 })).toMatchObject({
      total: 2,
      hits: [{ pageId: 'tie-b' }],
    });
  });

  it('rejects data that is not an index', () => {
    expect(() => loadSearchIndex({ format: 'other' } as never)).toThrow(/not an svc-docs-search/);
  });
});
