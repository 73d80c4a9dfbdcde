import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocsSite } from '../build/build-site.js';
import { type DocsError, isDocsError } from '../errors.js';
import { createMemoryDocsSource } from '../testing/memory-docs-source.js';
import { createMemorySiteStore } from '../testing/memory-site-store.js';
import { SAMPLE_DOCS } from '../testing/sample-docs.js';
import { SAMPLE_PACKAGE } from '../testing/sample-packages.js';
import type { DocsReader } from './create-docs-reader.js';
import { grepPages } from './grep-pages.js';
import { loadDocsReader } from './load-docs-reader.js';

let reader: DocsReader;

beforeAll(async () => {
  const { files } = await buildDocsSite({
    source: createMemoryDocsSource(SAMPLE_DOCS),
    sourceRoot: 'docs',
    commit: 'c0ffee',
    builtAt: '2026-11-25T00:00:00.000Z',
    packages: [SAMPLE_PACKAGE],
  });
  reader = await loadDocsReader(createMemorySiteStore(files));
});

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('DocsReader', () => {
  it('searches with a marked snippet and the reason of the match', () => {
    const response = reader.search({ query: 'retry after', limit: 3 });
    expect(response).toMatchObject({ query: 'retry after', limit: 3, offset: 0 });
    const [first] = response.results;
    expect(first).toMatchObject({
      pageId: 'reference/limits',
      anchor: 'rate-limits',
      heading: 'Rate limits',
    });
    expect(first?.snippet).toContain('**Retry**-**After**');
    expect(first?.matchReason.fields).toEqual(['body']);
    expect(first?.matchReason.terms.map((term) => `${term.term}:${term.how}`)).toEqual([
      'retry:exact',
      'after:exact',
    ]);
  });

  it('rejects an empty query', () => {
    expect(
      isDocsError(
        caught(() => reader.search({ query: ' ' })),
        'DOCS_INVALID_ARGUMENT',
      ),
    ).toBe(true);
  });

  it('reads a page with provenance, and suggests near misses', () => {
    const { page, markdown } = reader.getPage('guides/install');
    expect(page.title).toBe('How to install the widget');
    expect(markdown).toMatch(
      /^---\nid: guides\/install\n[\s\S]*source: docs\/guides\/install.md\ncommit: c0ffee\n/,
    );
    expect(reader.getPage('guides/install.md').page.id).toBe('guides/install');
    const error = caught(() => reader.getPage('guides/instal'));
    expect(isDocsError(error, 'DOCS_PAGE_NOT_FOUND')).toBe(true);
    expect((error as { details: { suggestions: string[] } }).details.suggestions[0]).toBe('guides/install');
  });

  it('finds symbols exactly, then case-insensitively, else suggests', () => {
    expect(reader.getSymbol('createWidget')).toMatchObject({
      exact: true,
      matches: [{ page: 'api/widget', anchor: 'createwidget' }],
    });
    expect(reader.getSymbol('createwidget')).toMatchObject({
      exact: false,
      matches: [{ name: 'createWidget' }],
    });
    const error = caught(() => reader.getSymbol('createWidgit'));
    expect(isDocsError(error, 'DOCS_SYMBOL_NOT_FOUND')).toBe(true);
    expect((error as { details: { suggestions: string[] } }).details.suggestions).toEqual(['createWidget']);
  });

  it('lists packages by layer', () => {
    expect(reader.listPackages()).toMatchObject({
      total: 1,
      packages: [{ name: '@acme/widget', apiPage: 'api/widget', symbolCount: 3 }],
    });
    expect(reader.listPackages({ layer: 'app' })).toEqual({ total: 0, packages: [] });
  });

  it('answers a task with how-to sections first, excerpted', () => {
    const { answers } = reader.howDoI({ task: 'install with npm', limit: 2 });
    expect(answers[0]).toMatchObject({
      pageId: 'guides/install',
      kind: 'how-to',
      anchor: 'install-with-npm',
    });
    expect(answers[0]?.excerpt).toContain('npm install widget');
  });

  it('greps exactly or by regular expression, with line numbers', () => {
    expect(reader.grep({ pattern: 'retry-after' }).matches).toEqual([
      {
        pageId: 'reference/limits',
        line: 12,
        text: 'A client over its limit gets `429 Too Many Requests` with a `Retry-After` header.',
      },
    ]);
    expect(reader.grep({ pattern: 'Retry-after', caseSensitive: true }).matches).toEqual([]);
    const regex = reader.grep({ pattern: '^\\| (free|pro) \\|', regex: true });
    expect(regex.matches.map((match) => match.line)).toEqual([9, 10]);
    expect(reader.grep({ pattern: 'the', limit: 1 })).toMatchObject({ truncated: 'limit', matches: [{}] });
  });

  it('matches in linear time: nested quantifiers and chained wildcards run, what RE2 cannot express is refused with the reason', () => {
    // Each of these backtracks exponentially (or as a high power of the line) in a JavaScript RegExp.
    const line = `${'a'.repeat(1999)}!`;
    const hostile = { ...reader.getPage('home').page, id: 'hostile', body: `${line}\n${'x'.repeat(1999)}!` };
    for (const pattern of ['(a+)+$', '^(\\w+\\s?)*$', '(a|aa)*b', '.*.*.*.*.*\u0001', '^(a|a?)+$']) {
      expect(grepPages([hostile], { pattern, regex: true }, Date.now), pattern).toMatchObject({
        matches: [],
        truncated: false,
      });
    }
    expect(grepPages([hostile], { pattern: '^(a+)+!$', regex: true }, Date.now).matches).toHaveLength(1);
    for (const [pattern, reason] of [
      ['(x)\\1', 'backreferences'],
      ['(?<n>x)\\k<n>', 'backreferences'],
      ['a(?=b)', 'lookahead'],
      ['a(?!b)', 'lookahead'],
      ['(?<=a)b', 'lookbehind'],
      ['(?<!a)b', 'lookbehind'],
    ] as const) {
      const error = caught(() => reader.grep({ pattern, regex: true }));
      expect(isDocsError(error, 'DOCS_PATTERN_REJECTED'), pattern).toBe(true);
      expect((error as DocsError).details?.reason, pattern).toBe(reason);
      expect((error as DocsError).message, pattern).toContain(reason);
    }
    // Valid JavaScript that RE2 refuses: rejected with RE2's reason, not called invalid.
    const tooMany = caught(() => reader.grep({ pattern: 'a{1001}', regex: true }));
    expect(isDocsError(tooMany, 'DOCS_PATTERN_REJECTED')).toBe(true);
    expect((tooMany as DocsError).message).toContain('invalid repeat count');
    // Escapes and classes are not mistaken for lookaround or backreferences; JavaScript spellings translate.
    expect(reader.grep({ pattern: '[(?=]?\\u0052etry-After|x\\\\1x', regex: true }).matches).toHaveLength(1);
    expect(
      isDocsError(
        caught(() => reader.grep({ pattern: 'a'.repeat(201), regex: true })),
        'DOCS_PATTERN_REJECTED',
      ),
    ).toBe(true);
  });

  it('refuses invalid patterns and stops at its time budget', () => {
    expect(
      isDocsError(
        caught(() => reader.grep({ pattern: '([', regex: true })),
        'DOCS_INVALID_ARGUMENT',
      ),
    ).toBe(true);
    expect(
      isDocsError(
        caught(() => reader.grep({ pattern: 'x', page: 'nope' })),
        'DOCS_PAGE_NOT_FOUND',
      ),
    ).toBe(true);
    // A clock that advances 100 ms per reading: the grep reads it after every line and stops at
    // the first line that ends past the 200 ms budget (the third: 300 ms after the start).
    let now = 0;
    const long = { ...reader.getPage('home').page, body: 'line\n'.repeat(10_000) };
    const result = grepPages([long], { pattern: 'line', limit: 500 }, () => (now += 100));
    expect(result.truncated).toBe('time');
    expect(result.matches).toHaveLength(3);
  });
});
