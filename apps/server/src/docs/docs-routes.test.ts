import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DOCS_TOOLS } from '@svc/docs-reader';
import { SAMPLE_DOCS } from '@svc/docs-reader/testing';
import * as specToolkit from '@svc/spec-toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRepoTestSite, startDocsServer } from '../testing/docs-test-site.js';

let site: { siteDir: string; remove(): void };
let server: Awaited<ReturnType<typeof startDocsServer>>;

beforeAll(async () => {
  site = await buildRepoTestSite();
  server = await startDocsServer({ siteDir: site.siteDir });
});

afterAll(async () => {
  await server?.close();
  site?.remove();
});

// biome-ignore lint/suspicious/noExplicitAny: the tests read JSON bodies of many shapes
type Json = any;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.base}${path}`, { headers });
async function getJson(path: string): Promise<Json> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response.json();
}

/** Every name `@svc/spec-toolkit` exports, types included (read from its built declarations). */
function specToolkitExports(): string[] {
  const dts = readFileSync(
    fileURLToPath(new URL('../../../../packages/spec-toolkit/dist/index.d.ts', import.meta.url)),
    'utf8',
  );
  const block = /export \{([^}]*)\};\s*$/.exec(dts)?.[1] ?? '';
  const names = block
    .split(',')
    .map((name) => name.trim().replace(/^type\s+/, ''))
    .filter(Boolean);
  for (const name of Object.keys(specToolkit)) expect(names).toContain(name);
  return names;
}

describe('the static files', () => {
  it('exist under the docs URL and parse', async () => {
    for (const path of [
      '/api.json',
      '/docs/index.json',
      '/docs/graph.json',
      '/docs/symbols.json',
      '/docs/search-index.json',
      '/docs/components.json',
      '/docs/downloads/index.json',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(() => JSON.parse(readFileSync(join(site.siteDir, path), 'utf8'))).not.toThrow();
      await response.json();
    }
    const llms = await get('/llms.txt');
    expect(llms.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await llms.text()).toMatch(/^# svc documentation\n/);
    expect((await (await get('/llms-full.txt')).text()).length).toBeGreaterThan(10_000);
    const components = await getJson('/docs/components.json');
    expect(components.mcpTools.map((tool: { name: string }) => tool.name)).toEqual(
      expect.arrayContaining(['searchDocs', 'grepDocs']),
    );
  });

  it('list agent skills whose checksums match what is served', async () => {
    const { skills } = await getJson('/docs/downloads/index.json');
    expect(skills.length).toBeGreaterThan(3);
    for (const skill of skills) {
      const text = await (await get(skill.path)).text();
      expect(text).toMatch(/^---\nname: /);
      expect(createHash('sha256').update(text).digest('hex'), skill.path).toBe(skill.sha256);
    }
  });
});

describe('the read API', () => {
  it('reaches every page as JSON, markdown and HTML', async () => {
    const index = await getJson('/docs/index.json');
    expect(index.pages.length).toBeGreaterThanOrEqual(40);
    for (const { id } of index.pages) {
      const page = await getJson(`/api/docs/page/${id}`);
      expect(page).toMatchObject({ id, url: `/docs/${id}`, provenance: { sourcePath: expect.any(String) } });
      expect(page.markdown).toContain(`id: ${id}\n`);
      expect((await get(`/docs/${id}.md`)).status, `${id}.md`).toBe(200);
      expect((await get(`/docs/${id}.json`)).status, `${id}.json`).toBe(200);
      const html = await get(`/docs/${id}`);
      expect(html.status, id).toBe(200);
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('finds every exported symbol of @svc/spec-toolkit, exactly and case-insensitively', async () => {
    const names = specToolkitExports();
    expect(names.length).toBeGreaterThan(40);
    for (const name of names) {
      const found = await getJson(`/api/docs/symbol/${encodeURIComponent(name)}`);
      expect(found, name).toMatchObject({
        name,
        exact: true,
        matches: [{ name, package: '@svc/spec-toolkit', page: 'api/spec-toolkit' }],
      });
      expect(found.matches[0].url).toBe(`/docs/api/spec-toolkit#${found.matches[0].anchor}`);
      const page = await getJson('/api/docs/page/api/spec-toolkit');
      expect(page.headings.map((heading: { anchor: string }) => heading.anchor)).toContain(
        found.matches[0].anchor,
      );
    }
    expect(await getJson('/api/docs/symbol/LISTENDPOINTS')).toMatchObject({
      exact: false,
      matches: [{ name: 'listEndpoints' }],
    });
    const missing = await get('/api/docs/symbol/listEndpont');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { code: 'DOCS_SYMBOL_NOT_FOUND', details: { suggestions: ['listEndpoints'] } },
    });
  });

  it('searches with filters and paging, and validates its query in the one error shape', async () => {
    const search = await getJson('/api/docs/search?q=graceful%20shutdown&limit=3');
    expect(search.results[0]).toMatchObject({
      pageId: 'server',
      anchor: 'graceful-shutdown',
      url: '/docs/server#graceful-shutdown',
    });
    expect(search.results[0].snippet).toMatch(/\*\*/);
    const api = await getJson('/api/docs/search?q=validate&kind=api');
    expect(api.results.every((result: { kind: string }) => result.kind === 'api')).toBe(true);
    const second = await getJson('/api/docs/search?q=rate%20limit&limit=1&offset=1');
    expect(second).toMatchObject({ limit: 1, offset: 1, results: [expect.any(Object)] });
    const bad = await get('/api/docs/search?q=x&limit=500');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'SERVER_VALIDATION' } });
    expect((await get('/api/docs/search')).status).toBe(400);
  });

  it('answers a near miss with 404 and suggestions, and lists packages by layer', async () => {
    const missing = await get('/api/docs/page/gate/auht');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { code: 'DOCS_PAGE_NOT_FOUND', details: { suggestions: expect.arrayContaining(['gate/auth']) } },
    });
    const apps = await getJson('/api/docs/packages?layer=app');
    expect(apps.packages.map((entry: { name: string }) => entry.name)).toEqual([
      '@svc/cli',
      '@svc/server',
      '@svc/web',
    ]);
    expect((await getJson('/api/docs/packages?limit=2')).packages).toHaveLength(2);
  });

  it('is CORS-open and publicly cacheable with ETags', async () => {
    for (const path of [
      '/api/docs/search?q=keys',
      '/api/docs/page/gate/keys',
      '/api/docs/packages',
      '/api/docs/symbol/validate',
      '/docs/index.json',
      '/llms.txt',
      '/docs/gate/keys',
    ]) {
      const response = await get(path, { origin: 'https://elsewhere.example' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=300');
      const etag = response.headers.get('etag');
      expect(etag, path).toMatch(/^".+"$/);
      const again = await get(path, { 'if-none-match': etag as string });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
    }
    const preflight = await fetch(`${server.base}/api/docs/search?q=x`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/);
    expect((await get('/docs/../../etc/passwd.json')).status).toBe(404);
  });

  it('are in the OpenAPI document with their response schemas', async () => {
    const openapi = await getJson('/openapi.json');
    expect(openapi.paths['/api/docs/search'].get.responses['200']).toBeDefined();
    expect(openapi.paths['/api/docs/symbol/{name}'].get.responses['404']).toBeDefined();
  });
});

describe('the docs tools on /mcp', () => {
  interface ToolResult {
    isError?: boolean;
    content: { type: string; text?: string }[];
  }
  const connect = async () => {
    const client = new Client(
      { name: 'docs-reader', version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.base)));
    return client;
  };
  const resultOf = (result: ToolResult) => JSON.parse(result.content[0]?.text ?? 'null') as Json;

  it('lists every docs tool to an anonymous client, marked read-only, with every argument alias', async () => {
    const client = await connect();
    try {
      const { tools } = await client.listTools();
      const docsTools = tools.filter((tool) => DOCS_TOOLS.some((docs) => docs.name === tool.name));
      expect(docsTools.map((tool) => tool.name).sort()).toEqual(DOCS_TOOLS.map((tool) => tool.name).sort());
      const getPage = docsTools.find((tool) => tool.name === 'getPage');
      expect(Object.keys(getPage?.inputSchema.properties ?? {})).toEqual(
        expect.arrayContaining(['id', 'page', 'page_id', 'path']),
      );
    } finally {
      await client.close();
    }
  });

  it('answers through the registry: aliases work, a near miss is an error result with suggestions, an unknown argument is refused', async () => {
    const client = await connect();
    try {
      const page = resultOf(
        (await client.callTool({ name: 'getPage', arguments: { page_id: 'gate/auth' } })) as ToolResult,
      );
      expect(page).toMatchObject({ id: 'gate/auth', markdown: expect.stringContaining('#') });
      const miss = (await client.callTool({ name: 'getPage', arguments: { id: 'gate/auht' } })) as ToolResult;
      expect(miss.isError).toBe(true);
      expect(resultOf(miss).error).toMatchObject({
        code: 'DOCS_PAGE_NOT_FOUND',
        details: { suggestions: expect.arrayContaining(['gate/auth']) },
      });
      const unknown = (await client.callTool({
        name: 'searchDocs',
        arguments: { q: 'keys', colour: 'red' },
      })) as ToolResult;
      expect([unknown.isError, resultOf(unknown).error.code]).toEqual([true, 'CAP_INVALID_ARGS']);
      const search = resultOf(
        (await client.callTool({ name: 'searchDocs', arguments: { q: 'api keys', k: 3 } })) as ToolResult,
      );
      expect(search.results.length).toBeGreaterThan(0);
      expect(search.results.length).toBeLessThanOrEqual(3);
    } finally {
      await client.close();
    }
  });
});

describe('a server without a built site', () => {
  it('builds it from the docs source into its site folder', async () => {
    const source = mkdtempSync(join(tmpdir(), 'svc-docs-source-'));
    for (const [path, content] of Object.entries(SAMPLE_DOCS)) {
      mkdirSync(dirname(join(source, path)), { recursive: true });
      writeFileSync(join(source, path), content);
    }
    const siteDir = join(source, '..', `${source.split('/').pop()}-site`);
    const other = await startDocsServer({ siteDir, sourceDir: source, warmAtStart: true });
    try {
      const found: Json = await (await fetch(`${other.base}/api/docs/search?q=retry`)).json();
      expect(found.results[0].pageId).toBe('reference/limits');
      expect(readFileSync(join(siteDir, 'docs/index.json'), 'utf8')).toContain('"reference/limits"');
    } finally {
      await other.close();
      rmSync(source, { recursive: true, force: true });
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  it('answers 503 DOCS_UNAVAILABLE on the read API and through the registry when the site cannot be built', async () => {
    const broken = await startDocsServer({
      siteDir: join(tmpdir(), `svc-docs-missing-${process.pid}-site`),
      sourceDir: join(tmpdir(), `svc-docs-missing-${process.pid}-source`),
    });
    try {
      const response = await fetch(`${broken.base}/api/docs/search?q=retry`);
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('DOCS_UNAVAILABLE');
      const outcome = await broken.app.capabilities.invoke(
        'docs.searchDocs',
        { q: 'retry' },
        {
          user: null,
          surface: 'internal',
        },
      );
      expect(outcome.ok ? undefined : outcome.error.code).toBe('DOCS_UNAVAILABLE');
    } finally {
      await broken.close();
    }
  });
});
