import type { Client } from '@modelcontextprotocol/client';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, FIXTURE_ENV, logIn, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { runScriptAs } from '../testing/lmx-test-helpers.js';
import { connectMcpClient, createAdminKey } from '../testing/mcp-test-client.js';
import { textOfPdf } from '../testing/pdf-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { MAX_PDF_PAGES } from './pdf-renderer.js';

// pdf.render served by the real browser through the real server (the default Chromium lookup
// finds Debian's /usr/bin/chromium; CI installs it): `auto` picks chromium, and every surface
// says so. The attacks are in pdf/chromium-pdf-renderer.browser.test.ts.

describe('pdf.render with a browser installed, through the server', () => {
  let server: TestServer;
  let adminCookie: string;
  let member: SignedInUser;
  let client: Client;

  beforeAll(async () => {
    const [sqlite] = testDatabaseTargets();
    if (!sqlite) throw new Error('no SQLite target');
    server = await createTestServer(sqlite, { ...FIXTURE_ENV });
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    member = await signUp(server.app, `browser-${Date.now()}@example.com`);
    client = await connectMcpClient(base, await createAdminKey(server.app, adminCookie), 'pdf');
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('renders with chromium when auto, through the adapter route, with the title asked for', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/adapters/pdf/render',
      headers: { cookie: adminCookie },
      payload: {
        html: '<style>h1 { font: 700 30px serif } .total { text-align: right }</style><h1>Invoice</h1><p class="total">Total: 12 €</p>',
        title: 'Invoice 7',
      },
    });
    expect(response.statusCode).toBe(200);
    const { result } = response.json<{ result: { pdfBase64: string; pages: number; provider: string } }>();
    expect(result).toMatchObject({ provider: 'chromium', pages: 1 });
    const pdf = Buffer.from(result.pdfBase64, 'base64');
    expect((await PDFDocument.load(pdf)).getTitle()).toBe('Invoice 7');
    expect(textOfPdf(pdf)).toMatch(/Invoice[\s\S]*Total: 12 €/);
  });

  it('answers a document longer than the bound with 422 PDF_TOO_MANY_PAGES', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/adapters/pdf/render',
      headers: { cookie: adminCookie },
      payload: { html: `<style>p { break-after: page }</style>${'<p>page</p>'.repeat(MAX_PDF_PAGES + 5)}` },
    });
    expect([response.statusCode, response.json().error.code]).toEqual([422, 'PDF_TOO_MANY_PAGES']);
  });

  it('carries the chromium PDF over MCP as an embedded resource', async () => {
    const result = (await client.callTool({
      name: 'pdf.render',
      arguments: { html: '<h1>Over MCP</h1>' },
    })) as {
      content: { type: string; text?: string; resource?: { mimeType: string; blob: string } }[];
    };
    const [meta, file] = result.content;
    expect(JSON.parse(meta?.text ?? 'null')).toMatchObject({ provider: 'chromium', pages: 1 });
    expect(file?.resource?.mimeType).toBe('application/pdf');
    expect(textOfPdf(Buffer.from(file?.resource?.blob ?? '', 'base64'))).toContain('Over MCP');
  });

  it('names chromium first and available in PROVIDERS FOR, and as the provider in TRACE', async () => {
    const providers = await runScriptAs(server.app, member.cookie, {
      mode: 'lmi',
      source: 'PROVIDERS FOR pdf.render -> found\nfor p in found\n  print p.provider, p.available\nend',
    });
    expect(providers.body).toMatchObject({ ok: true, output: ['chromium true', 'pdf-lib true'] });
    const traced = await runScriptAs(server.app, member.cookie, {
      mode: 'lma',
      source:
        'USE pdf.render {"html": "<h1>Traced</h1>"} -> pdf\nUSE pdf.render {"html": "<h1>Text</h1>", "provider": "pdf-lib"} -> plain\nprint pdf.provider, plain.provider\nTRACE',
    });
    expect(traced.body).toMatchObject({ ok: true });
    const output = traced.body.output as string[];
    expect(output[0]).toBe('chromium pdf-lib');
    expect(output[1]).toMatch(/^1\. pdf\.render ok via chromium in \d+ ms, charged 0$/);
    expect(output[2]).toMatch(/^2\. pdf\.render ok via pdf-lib in \d+ ms, charged 0$/);
  });
});
