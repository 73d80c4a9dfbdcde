import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, FIXTURE_ENV, logIn, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { buildRepoTestSite } from '../testing/docs-test-site.js';
import { runScriptAs } from '../testing/lmx-test-helpers.js';
import { connectMcpClient, createAdminKey } from '../testing/mcp-test-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { grantTokens, readWalletTotals } from '../testing/token-test-fixtures.js';

// pdf.render and docs.search through the real server on every test database: the adapter
// route, MCP through the official SDK client, lmi's PROVIDERS FOR and lma's TRACE. This
// install has no browser (SVC_CHROMIUM_PATH=off), so `auto` is served by pdf-lib here; the
// chromium provider's own suite is pdf/*.browser.test.ts.

type Json = Record<string, unknown>;

let site: { siteDir: string; remove(): void };
beforeAll(async () => {
  site = await buildRepoTestSite();
});
afterAll(() => site?.remove());

describe.each(testDatabaseTargets())('the vendor-neutral capabilities on $name', (target) => {
  let server: TestServer;
  let base: string;
  let adminCookie: string;
  let member: SignedInUser;
  let client: Client;

  beforeAll(async () => {
    server = await createTestServer(
      target,
      { ...FIXTURE_ENV, SVC_CHROMIUM_PATH: 'off' },
      { docs: { siteDir: site.siteDir } },
    );
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    member = await signUp(server.app, `neutral-${Date.now()}@example.com`);
    client = await connectMcpClient(base, await createAdminKey(server.app, adminCookie), 'neutral');
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  const readAdmin = async () => {
    const row = await server.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    return server.app.gate.access.toRequestUser(
      { id: row.id, email: ADMIN.email, roles: ['admin'], emailVerified: true, createdAt: 0 },
      'session',
      'neutral',
    );
  };
  const adapter = (system: string, fn: string, payload: Json, cookie = adminCookie) =>
    server.app.inject({ method: 'POST', url: `/api/adapters/${system}/${fn}`, headers: { cookie }, payload });

  it('renders through the adapter route with auto served by pdf-lib when there is no browser', async () => {
    const response = await adapter('pdf', 'render', {
      html: '<h1>Invoice</h1><p>Two cups of tea.</p>',
      title: 'Invoice 7',
      paper: 'letter',
    });
    expect(response.statusCode).toBe(200);
    const { result } = response.json<{
      result: { pdfBase64: string; bytes: number; pages: number; provider: string };
    }>();
    expect(result).toMatchObject({ provider: 'pdf-lib', pages: 1 });
    const pdf = Buffer.from(result.pdfBase64, 'base64');
    expect(result.bytes).toBe(pdf.byteLength);
    const document = await PDFDocument.load(pdf);
    expect([document.getPageCount(), document.getTitle(), document.getPage(0).getSize()]).toEqual([
      1,
      'Invoice 7',
      { width: 612, height: 792 },
    ]);
  });

  it('refuses the chromium provider by name with 503 PDF_PROVIDER_UNAVAILABLE, and refunds it', async () => {
    const admin = await readAdmin();
    const rule = await server.app.gate.data.create({
      user: admin,
      collection: 'meter_rules',
      data: { resource: 'tool:pdf.render', cost: 2 },
    });
    const payer = await signUp(server.app, `payer-${Date.now()}@example.com`);
    await grantTokens(server.app, adminCookie, payer.id, 10);
    const lma = await runScriptAs(server.app, payer.cookie, {
      mode: 'lma',
      source: [
        'USE pdf.render {"html": "<p>x</p>", "provider": "chromium"} -> refused',
        'print refused.error.code',
        'USE pdf.render {"html": "<p>x</p>"} -> rendered',
        'print rendered.provider',
        'TRACE',
      ].join('\n'),
    });
    expect(lma.body).toMatchObject({ ok: true });
    const output = lma.body.output as string[];
    expect(output.slice(0, 2)).toEqual(['PDF_PROVIDER_UNAVAILABLE', 'pdf-lib']);
    expect(output[2]).toMatch(/^1\. pdf\.render failed via none in \d+ ms, charged 0$/);
    expect(output[3]).toMatch(/^2\. pdf\.render ok via pdf-lib in \d+ ms, charged 2$/);
    expect((await readWalletTotals(server.app, payer.id)).balance).toBe(8);
    await server.app.gate.data.remove({ user: admin, collection: 'meter_rules', id: rule.id });
    const route = await adapter('pdf', 'render', { html: '<p>x</p>', provider: 'chromium' });
    expect(route.statusCode).toBe(503);
    expect(route.json()).toMatchObject({
      error: {
        code: 'PDF_PROVIDER_UNAVAILABLE',
        details: { provider: 'chromium', reason: 'turned off (SVC_CHROMIUM_PATH=off)' },
      },
    });
  });

  it('takes up to 2 MiB characters of HTML on the adapter route, more than the API’s 1 MiB bodies', async () => {
    const padded = `<!-- ${'x'.repeat(1536 * 1024)} --><h1>Big</h1>`;
    const big = await adapter('pdf', 'render', { html: padded });
    expect([big.statusCode, big.json().result?.pages]).toEqual([200, 1]);
    const tooLong = await adapter('pdf', 'render', { html: 'x'.repeat(2 * 1024 * 1024 + 1) });
    expect([tooLong.statusCode, tooLong.json().error.code]).toEqual([400, 'CAP_INVALID_ARGS']);
    expect(tooLong.json().error.details.issues).toEqual([{ path: '/html', message: expect.any(String) }]);
    const tooBig = await adapter('pdf', 'render', { html: 'x'.repeat(4 * 1024 * 1024) });
    expect([tooBig.statusCode, tooBig.json().error.code]).toEqual([413, 'SERVER_PAYLOAD_TOO_LARGE']);
  });

  it('carries the PDF over MCP as an embedded application/pdf resource', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['pdf.render', 'docs.search']));
    const result = (await client.callTool({
      name: 'pdf.render',
      arguments: { html: '<h1>Over MCP</h1>' },
    })) as {
      isError?: boolean;
      content: { type: string; text?: string; resource?: { mimeType: string; blob: string } }[];
    };
    expect(result.isError).toBeFalsy();
    const [meta, file] = result.content;
    expect(JSON.parse(meta?.text ?? 'null')).toMatchObject({ provider: 'pdf-lib', pages: 1 });
    expect(file).toMatchObject({ type: 'resource', resource: { mimeType: 'application/pdf' } });
    const pdf = Buffer.from(file?.resource?.blob ?? '', 'base64');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });

  it('holds one render per user at a time', async () => {
    const user = server.app.gate.access.toRequestUser(
      { id: member.id, email: member.email, roles: [], emailVerified: true, createdAt: 0 },
      'session',
      'neutral',
    );
    const html = `<h1>Slow enough</h1>${'<p>words and more words</p>'.repeat(2000)}`;
    const first = server.app.capabilities.invoke('pdf.render', { html }, { user, surface: 'internal' });
    const second = await server.app.capabilities.invoke(
      'pdf.render',
      { html },
      { user, surface: 'internal' },
    );
    expect(second).toMatchObject({ ok: false, error: { code: 'CAP_TOO_MANY_CONCURRENT' } });
    expect(await first).toMatchObject({ ok: true, result: { provider: 'pdf-lib' } });
  });

  it('searches the docs through the same index as docs.searchDocs, with absolute URLs', async () => {
    const neutral = await adapter('docs', 'search', { query: 'api keys', limit: 5 });
    const builtIn = await adapter('docs', 'searchDocs', { q: 'api keys', limit: 5 });
    const { result } = neutral.json<{
      result: { provider: string; results: { title: string; url: string; snippet: string; score: number }[] };
    }>();
    const original = builtIn.json<{ result: { results: { title: string; score: number }[] } }>().result
      .results;
    expect(result.provider).toBe('docs-reader');
    expect(result.results.length).toBeGreaterThan(0);
    expect(result.results.map((hit) => hit.score)).toEqual(original.map((hit) => hit.score));
    result.results.forEach((hit, index) => {
      expect(hit.title.startsWith(original[index]?.title as string)).toBe(true);
      expect(hit.url.startsWith(`${server.config.publicUrl}/docs/`)).toBe(true);
    });
    const anonymous = await server.app.capabilities.invoke(
      'docs.search',
      { query: 'rate limit' },
      { user: null, surface: 'internal', client: '127.0.0.9' },
    );
    expect(anonymous).toMatchObject({ ok: true, result: { provider: 'docs-reader' } });
    const bad = await adapter('docs', 'search', { query: '', limit: 500 });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'CAP_INVALID_ARGS']);
  });

  it('answers PROVIDERS FOR in lmi and names the provider in lma TRACE', async () => {
    const providers = await runScriptAs(server.app, member.cookie, {
      mode: 'lmi',
      source: [
        'PROVIDERS FOR pdf.render -> pdf',
        'for p in pdf',
        '  print p.provider, p.available, p.note',
        'end',
        'PROVIDERS FOR docs.search -> docs',
        'print docs[0].provider, docs[0].available',
      ].join('\n'),
    });
    expect(providers.body).toMatchObject({
      ok: true,
      output: [
        'chromium false turned off (SVC_CHROMIUM_PATH=off)',
        expect.stringMatching(/^pdf-lib true lower fidelity/),
        'docs-reader true',
      ],
    });
    const traced = await runScriptAs(server.app, member.cookie, {
      mode: 'lma',
      source: [
        'USE pdf.render {"html": "<h1>Traced</h1>"} -> pdf',
        'USE docs.search {"query": "api keys", "limit": 2} -> found',
        'print pdf.pages, len(found.results)',
        'TRACE',
      ].join('\n'),
    });
    expect(traced.body).toMatchObject({ ok: true });
    const output = traced.body.output as string[];
    expect(output[0]).toBe('1 2');
    expect(output[1]).toMatch(/^1\. pdf\.render ok via pdf-lib in \d+ ms, charged 0$/);
    expect(output[2]).toMatch(/^2\. docs\.search ok via docs-reader in \d+ ms, charged 0$/);
    expect(traced.body.trace).toMatchObject([
      { tool: 'pdf.render', provider: 'pdf-lib' },
      { tool: 'docs.search', provider: 'docs-reader' },
    ]);
  });
});

describe('docs.search without a docs site', () => {
  let server: TestServer;
  let empty: string;
  beforeAll(async () => {
    const [sqlite] = testDatabaseTargets();
    if (!sqlite) throw new Error('no SQLite target');
    empty = mkdtempSync(join(tmpdir(), 'svc-no-docs-'));
    server = await createTestServer(
      sqlite,
      { ...FIXTURE_ENV },
      {
        docs: { siteDir: join(empty, 'site'), sourceDir: join(empty, 'no-source') },
      },
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('says the docs-reader provider is not available, and a search answers 503 DOCS_UNAVAILABLE', async () => {
    const capability = server.app.capabilities.get('docs.search');
    expect(capability?.providers?.()).toEqual([
      expect.objectContaining({
        provider: 'docs-reader',
        available: false,
        note: expect.stringContaining('not built yet'),
      }),
    ]);
    const outcome = await server.app.capabilities.invoke(
      'docs.search',
      { query: 'anything' },
      { user: null, surface: 'internal', client: '127.0.0.1' },
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'DOCS_UNAVAILABLE' } });
    expect(capability?.providers?.()).toEqual([
      expect.objectContaining({
        available: false,
        note: expect.stringContaining('no docs site and no docs source'),
      }),
    ]);
  });
});
