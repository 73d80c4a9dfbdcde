import { describe, expect, it } from 'vitest';
import { isDocsError } from '../errors.js';
import { createMemoryDocsSource } from '../testing/memory-docs-source.js';
import { SAMPLE_DOCS } from '../testing/sample-docs.js';
import { SAMPLE_PACKAGE } from '../testing/sample-packages.js';
import { buildDocsSite } from './build-site.js';

const options = {
  sourceRoot: 'docs',
  commit: '0123abcd',
  builtAt: '2026-11-25T00:00:00.000Z',
  packages: [SAMPLE_PACKAGE],
};

function text(files: Map<string, string | Uint8Array>, path: string): string {
  const content = files.get(path);
  if (typeof content !== 'string') throw new Error(`${path} is missing or binary`);
  return content;
}

describe('buildDocsSite', () => {
  it('gives byte-identical files for the same input', async () => {
    const first = await buildDocsSite({ ...options, source: createMemoryDocsSource(SAMPLE_DOCS) });
    const reordered = Object.fromEntries(Object.entries(SAMPLE_DOCS).reverse());
    const second = await buildDocsSite({ ...options, source: createMemoryDocsSource(reordered) });
    expect([...second.files.keys()]).toEqual([...first.files.keys()]);
    for (const [path, content] of first.files) expect(second.files.get(path), path).toEqual(content);
  });

  it('writes every static file, and a markdown and JSON file per page, all parseable', async () => {
    const { files, pages } = await buildDocsSite({ ...options, source: createMemoryDocsSource(SAMPLE_DOCS) });
    for (const path of [
      'api.json',
      'docs/index.json',
      'docs/graph.json',
      'docs/symbols.json',
      'docs/search-index.json',
      'docs/components.json',
      'docs/downloads/index.json',
    ]) {
      expect(() => JSON.parse(text(files, path)), path).not.toThrow();
    }
    expect(text(files, 'llms.txt')).toMatch(/^# Sample docs\n\n> A sample folder/);
    expect(text(files, 'llms-full.txt')).toContain('Source: docs/reference/limits.md');
    expect(pages.map((page) => page.id)).toEqual([
      'api/widget',
      'guides',
      'guides/install',
      'home',
      'reference/limits',
    ]);
    for (const page of pages) {
      expect(JSON.parse(text(files, `docs/${page.id}.json`)).id).toBe(page.id);
      expect(text(files, `docs/${page.id}.md`)).toContain(`id: ${page.id}\n`);
    }
    expect(files.get('docs/guides/images/flow.png')).toEqual(SAMPLE_DOCS['guides/images/flow.png']);
    const skills = JSON.parse(text(files, 'docs/downloads/index.json')).skills as Array<{
      path: string;
      sha256: string;
    }>;
    expect(skills.length).toBeGreaterThan(0);
    for (const skill of skills) {
      const content = text(files, skill.path.slice(1));
      expect(content).toMatch(/^---\nname: /);
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
      expect(Buffer.from(digest).toString('hex')).toBe(skill.sha256);
    }
  });

  it('records pages with kind, package, anchors, links and provenance from the input', async () => {
    const { pages, files } = await buildDocsSite({ ...options, source: createMemoryDocsSource(SAMPLE_DOCS) });
    const install = pages.find((page) => page.id === 'guides/install');
    expect(install).toMatchObject({
      title: 'How to install the widget',
      kind: 'how-to',
      package: '@acme/widget',
      symbols: ['createWidget'],
      provenance: {
        sourcePath: 'docs/guides/install.md',
        commit: '0123abcd',
        builtAt: '2026-11-25T00:00:00.000Z',
      },
    });
    expect(install?.headings.map((heading) => heading.anchor)).toEqual([
      'how-to-install-the-widget',
      'install-with-npm',
      'configure-createwidget',
    ]);
    expect(install?.links[0]).toMatchObject({
      target: 'reference/limits',
      anchor: null,
      external: false,
      line: 7,
    });
    expect(pages.find((page) => page.id === 'home')?.kind).toBe('guide');
    const api = pages.find((page) => page.id === 'api/widget');
    expect(api).toMatchObject({
      kind: 'api',
      package: '@acme/widget',
      provenance: { sourcePath: 'packages/widget/src/index.ts' },
    });
    expect(api?.body).toContain('## createWidget');
    expect(api?.body).toContain('**Deprecated.** Use limits instead.');
    const symbols = JSON.parse(text(files, 'docs/symbols.json')).symbols;
    expect(symbols.find((entry: { name: string }) => entry.name === 'WidgetOptions').summary).toBe(
      'Options of `createWidget`.',
    );
    expect(api?.body).toContain('Options of `createWidget`.');
    expect(symbols.map((entry: { name: string; anchor: string }) => `${entry.name}#${entry.anchor}`)).toEqual(
      ['MAX_WIDGETS#max_widgets', 'WidgetOptions#widgetoptions', 'createWidget#createwidget'],
    );
    const graph = JSON.parse(text(files, 'docs/graph.json'));
    expect(graph.edges).toContainEqual({ from: 'page:home', to: 'page:guides/install', type: 'links-to' });
    expect(graph.edges).toContainEqual({
      from: 'page:guides/install',
      to: 'package:@acme/widget',
      type: 'documents',
    });
  });

  it('fails on broken internal links with the location of each', async () => {
    const source = createMemoryDocsSource({
      ...SAMPLE_DOCS,
      'reference/broken.md':
        '# Broken\n\nSee [nothing](missing.md) and\n[a bad anchor](limits.md#no-such-heading), [fine](limits.md#payload-size).',
    });
    const error = await buildDocsSite({ ...options, source }).catch((caught: unknown) => caught);
    expect(isDocsError(error, 'DOCS_BROKEN_LINKS')).toBe(true);
    expect((error as { details: { links: unknown[] } }).details.links).toEqual([
      {
        page: 'reference/broken',
        sourcePath: 'docs/reference/broken.md',
        line: 3,
        href: 'missing.md',
        reason: 'no page or file reference/missing',
      },
      {
        page: 'reference/broken',
        sourcePath: 'docs/reference/broken.md',
        line: 4,
        href: 'limits.md#no-such-heading',
        reason: 'no heading #no-such-heading on reference/limits',
      },
    ]);
  });

  it('refuses a page id the site uses for its own files', async () => {
    const source = createMemoryDocsSource({ 'graph.md': '# Graph' });
    const error = await buildDocsSite({ ...options, packages: [], source }).catch(
      (caught: unknown) => caught,
    );
    expect(isDocsError(error, 'DOCS_DUPLICATE_PAGE')).toBe(true);
  });
});
