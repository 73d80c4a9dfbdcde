import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocsSite } from '../build/build-site.js';
import { createDocsReader, type DocsReader } from '../reader/create-docs-reader.js';
import { createMemoryDocsSource } from '../testing/memory-docs-source.js';
import { SAMPLE_DOCS } from '../testing/sample-docs.js';
import { SAMPLE_PACKAGE } from '../testing/sample-packages.js';
import { callDocsTool } from './call-docs-tool.js';
import { DOCS_TOOLS } from './docs-tools.js';

let reader: DocsReader;

beforeAll(async () => {
  const { files, pages } = await buildDocsSite({
    source: createMemoryDocsSource(SAMPLE_DOCS),
    sourceRoot: 'docs',
    commit: 'c',
    builtAt: '2026-01-01T00:00:00.000Z',
    packages: [SAMPLE_PACKAGE],
  });
  const json = (path: string) => JSON.parse(files.get(path) as string);
  reader = createDocsReader({
    site: json('docs/index.json').site,
    pages,
    packages: json('docs/index.json').packages,
    symbols: json('docs/symbols.json').symbols,
    searchIndex: json('docs/search-index.json'),
  });
});

describe('DOCS_TOOLS', () => {
  it('are six read-only tools with object input schemas', () => {
    expect(DOCS_TOOLS.map((tool) => tool.name)).toEqual([
      'searchDocs',
      'getPage',
      'listPackages',
      'getSymbol',
      'howDoI',
      'grepDocs',
    ]);
    for (const tool of DOCS_TOOLS) {
      expect(tool.annotations.readOnlyHint).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('accept lenient argument names', () => {
    const byQ = callDocsTool(reader, 'searchDocs', { q: 'rate limits', limit: '2' });
    const byQuery = callDocsTool(reader, 'searchDocs', { query: 'rate limits', limit: 2 });
    expect(byQ.isError).toBe(false);
    expect(byQ.structuredContent).toEqual(byQuery.structuredContent);
    expect(callDocsTool(reader, 'getPage', { page_id: 'home' }).text).toContain('# Sample docs');
    expect(callDocsTool(reader, 'getSymbol', { symbol: 'WidgetOptions' }).structuredContent).toMatchObject({
      exact: true,
    });
    const answer = callDocsTool(reader, 'howDoI', { question: 'install with npm' }).structuredContent as {
      answers: Array<{ pageId: string }>;
    };
    expect(answer.answers[0]?.pageId).toBe('guides/install');
    expect(
      callDocsTool(reader, 'grepDocs', { q: 'widget', regex: 'false', limit: 1 }).structuredContent,
    ).toMatchObject({ truncated: 'limit' });
    expect(callDocsTool(reader, 'listPackages', { layer: 'library' }).structuredContent).toMatchObject({
      total: 1,
    });
  });

  it('answer failures as isError results in the one error shape', () => {
    const missing = callDocsTool(reader, 'getPage', { id: 'hom' });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({
      error: { code: 'DOCS_PAGE_NOT_FOUND', details: { suggestions: ['home'] } },
    });
    expect(JSON.parse(missing.text)).toEqual(missing.structuredContent);
    expect(callDocsTool(reader, 'searchDocs', {}).structuredContent).toMatchObject({
      error: { code: 'DOCS_INVALID_ARGUMENT' },
    });
    expect(callDocsTool(reader, 'searchDocs', { q: 'x', kind: 'novel' }).isError).toBe(true);
    expect(callDocsTool(reader, 'nope', {}).structuredContent).toMatchObject({
      error: { code: 'DOCS_TOOL_NOT_FOUND' },
    });
  });
});
