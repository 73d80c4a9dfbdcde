import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { RequestUser } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createKey, FIXTURE_ENV, logIn } from '../testing/access-test-fixtures.js';
import { buildRepoTestSite } from '../testing/docs-test-site.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { grantTokens, readWalletTotals } from '../testing/token-test-fixtures.js';
import type { Capability } from './capability-types.js';
import { mcpNameOf } from './tool-definitions.js';

const PETS = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: { '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'OK' } } } } },
};
const MAZE = { kind: 'maze', seed: 7, input: { width: 4, height: 4 } };

/** Valid arguments of every capability: a capability registered without one fails this suite. */
function samplesFor(doc: unknown, bookId: string): Record<string, Record<string, unknown>> {
  return {
    'activity-pages.listKinds': {},
    'activity-pages.generatePage': MAZE,
    'activity-pages.validatePage': { kind: 'maze', doc },
    'activity-pages.printPage': { kind: 'maze', doc, trim: 'A4', title: 'Contract' },
    'activity-pages.buildBook': { title: 'Contract', trim: 'A4', pages: [{ kind: 'maze', doc }] },
    'activity-pages.exportBook': { bookId },
    'spec.validate': { spec: PETS },
    'spec.diff': { from: PETS, to: PETS },
    'spec.listEndpoints': { spec: PETS },
    'spec.exampleRequest': { spec: PETS, operationId: 'listPets' },
    'spec.toMarkdown': { spec: PETS },
    'spec.buildSpec': { endpoints: [{ method: 'get', path: '/pets/:id' }] },
    'dreamer.dream': { topic: 'contract tests' },
    'dreamer.validatePipeline': { pipeline: { name: 'x', version: '1', stages: [] } },
    'lmx.run': {
      mode: 'lmx',
      source: 'let total = 0\nfor n in [1, 2, 3] total = total + n end\nprint total',
    },
    'docs.searchDocs': { q: 'api keys' },
    'docs.getPage': { id: 'gate/keys' },
    'docs.listPackages': { layer: 'library' },
    'docs.getSymbol': { name: 'validate' },
    'docs.howDoI': { task: 'validate an OpenAPI spec in CI', limit: 3 },
    'docs.grepDocs': { pattern: 'svc spec validate', limit: 5 },
    'llm.chat': { messages: [{ role: 'user', content: 'contract' }] },
    // The built-in provider, so the contract holds on a machine without a browser (the chromium
    // provider has its own suite, pdf/*.browser.test.ts).
    'pdf.render': { html: '<h1>Contract</h1><p>One page.</p>', title: 'Contract', provider: 'pdf-lib' },
    'docs.search': { query: 'api keys', limit: 3 },
  };
}

type Json = Record<string, unknown>;

/** What must agree between surfaces: results without their per-call parts (run ids, PDF dates). */
function comparable(id: string, result: unknown): unknown {
  const value = result as Json;
  if (id === 'activity-pages.buildBook') {
    const pdf = Buffer.from(String(value.pdfBase64), 'base64');
    return { watermarked: value.watermarked, isPdf: pdf.subarray(0, 5).toString('latin1') === '%PDF-' };
  }
  // Each call answers the book's job as it is then (queued, running or a new one once done).
  if (id === 'activity-pages.exportBook') return { bookId: (value.job as Json).bookId };
  if (id === 'pdf.render') {
    const pdf = Buffer.from(String(value.pdfBase64), 'base64');
    const isPdf = pdf.subarray(0, 5).toString('latin1') === '%PDF-';
    return { provider: value.provider, pages: value.pages, bytes: value.bytes === pdf.byteLength, isPdf };
  }
  if (id === 'dreamer.dream') return { status: value.status, outputs: value.outputs };
  if (id === 'lmx.run') return { ok: value.ok, output: value.output };
  return result;
}

interface ToolResult {
  isError?: boolean;
  content: (
    | { type: 'text'; text: string }
    | { type: 'resource'; resource: { text?: string; blob?: string } }
  )[];
}

/** The capability's result as MCP carried it: the JSON value, with embedded files put back. */
function fromMcp(result: ToolResult): { ok: boolean; value: Json } {
  const [first, ...rest] = result.content;
  const value = JSON.parse(first?.type === 'text' ? first.text : 'null') as Json;
  if (result.isError) return { ok: false, value };
  for (const block of rest) {
    if (block.type !== 'resource') continue;
    if (block.resource.text !== undefined) value.html = block.resource.text;
    if (block.resource.blob !== undefined) value.pdfBase64 = block.resource.blob;
  }
  return { ok: true, value };
}

/** Saves `doc` as a page of the caller's and a book of it: the book's id. */
async function saveBook(server: TestServer, cookie: string, doc: unknown): Promise<string> {
  const page = await server.app.inject({
    method: 'POST',
    url: '/api/activity/pages',
    headers: { cookie },
    payload: { kind: 'maze', doc: doc as Json },
  });
  const book = await server.app.inject({
    method: 'POST',
    url: '/api/activity/books',
    headers: { cookie },
    payload: { title: 'Contract', trim: 'A4', pageIds: [page.json().page.id] },
  });
  if (book.statusCode !== 201) throw new Error(`book not saved: ${book.statusCode} ${book.body}`);
  return book.json().book.id;
}

// One docs site for every target: the docs tools are capabilities too.
let site: { siteDir: string; remove(): void };
beforeAll(async () => {
  site = await buildRepoTestSite();
});
afterAll(() => site?.remove());

describe.each(testDatabaseTargets())('every capability answers alike on every surface on $name', (target) => {
  let server: TestServer;
  let client: Client;
  let adminCookie: string;
  let admin: RequestUser;
  let samples: Record<string, Record<string, unknown>>;
  let capabilities: Capability[];

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV, { docs: { siteDir: site.siteDir } });
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    const row = await server.app.database.db
      .selectFrom('users')
      .select(['id'])
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    admin = server.app.gate.access.toRequestUser(
      { id: row.id, email: ADMIN.email, roles: ['admin'], emailVerified: true, createdAt: 0 },
      'session',
      'contract',
    );
    const { key } = await createKey(server.app, { id: row.id, email: ADMIN.email, cookie: adminCookie });
    client = new Client({ name: 'contract', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', base), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    const generated = await server.app.capabilities.invoke<{ doc: unknown }>(
      'activity-pages.generatePage',
      MAZE,
      {
        user: admin,
        surface: 'internal',
      },
    );
    if (!generated.ok) throw new Error(JSON.stringify(generated.error));
    samples = samplesFor(generated.result.doc, await saveBook(server, adminCookie, generated.result.doc));
    capabilities = server.app.capabilities.list();
    await grantTokens(server.app, adminCookie, admin.id, 10_000);
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  const viaRoute = async (capability: Capability, args: unknown) => {
    const [system, fn] = [
      capability.id.slice(0, capability.id.indexOf('.')),
      capability.id.slice(capability.id.indexOf('.') + 1),
    ];
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/adapters/${system}/${fn}`,
      headers: { cookie: adminCookie },
      payload: args as Json,
    });
    const body = response.json<{ result?: unknown; error?: { code: string } }>();
    return {
      status: response.statusCode,
      ok: response.statusCode === 200,
      result: body.result,
      code: body.error?.code,
    };
  };
  const viaMcp = async (capability: Capability, args: unknown) => {
    const result = (await client.callTool({
      name: mcpNameOf(capability),
      arguments: args as Json,
    })) as ToolResult;
    const { ok, value } = fromMcp(result);
    return { ok, result: value, code: ok ? undefined : (value.error as { code: string }).code };
  };
  const viaInvoke = async (capability: Capability, args: unknown) => {
    const outcome = await server.app.capabilities.invoke(capability.id, args, {
      user: admin,
      surface: 'internal',
      client: '127.0.0.1',
    });
    return outcome.ok
      ? { ok: true, result: outcome.result, code: undefined }
      : { ok: false, result: undefined, code: outcome.error.code };
  };

  it('has valid sample arguments for every registered capability', () => {
    expect(capabilities.map((capability) => capability.id).sort()).toEqual(Object.keys(samples).sort());
  });

  it('gives the same answer through the adapter route, MCP and invoke', async () => {
    for (const capability of capabilities) {
      const args = samples[capability.id];
      const [route, mcp, direct] = [
        await viaRoute(capability, args),
        await viaMcp(capability, args),
        await viaInvoke(capability, args),
      ];
      expect([route.ok, mcp.ok, direct.ok], capability.id).toEqual([true, true, true]);
      const expected = comparable(capability.id, direct.result);
      expect(comparable(capability.id, route.result), capability.id).toEqual(expected);
      expect(comparable(capability.id, mcp.result), capability.id).toEqual(expected);
    }
  });

  it('refuses the same bad input with the same code on every surface', async () => {
    for (const capability of capabilities) {
      const bad = { ...samples[capability.id], notAnArgument: true };
      const codes = [
        (await viaRoute(capability, bad)).code,
        (await viaMcp(capability, bad)).code,
        (await viaInvoke(capability, bad)).code,
      ];
      expect(codes, capability.id).toEqual(['CAP_INVALID_ARGS', 'CAP_INVALID_ARGS', 'CAP_INVALID_ARGS']);
    }
    const route = await viaRoute({ id: 'activity-pages.generatePages' } as Capability, {});
    const mcp = (await client.callTool({ name: 'generatePages', arguments: {} })) as ToolResult;
    expect([route.status, route.code, fromMcp(mcp).value.error]).toEqual([
      404,
      'CAP_NOT_FOUND',
      expect.objectContaining({ code: 'CAP_NOT_FOUND', details: { suggestions: ['generatePage'] } }),
    ]);
  });

  it('charges the tool: target on the adapter route and MCP, never on internal calls', async () => {
    for (const capability of capabilities) {
      const target = capability.policy.meter;
      expect(target, capability.id).toBe(`tool:${capability.id}`);
      const rule = await server.app.gate.data.create({
        user: admin,
        collection: 'meter_rules',
        data: { resource: target, cost: 1 },
      });
      const balance = async () => (await readWalletTotals(server.app, admin.id)).balance;
      const start = await balance();
      await viaRoute(capability, samples[capability.id]);
      expect(await balance(), `${capability.id} via the adapter route`).toBe(start - 1);
      await viaMcp(capability, samples[capability.id]);
      expect(await balance(), `${capability.id} via MCP`).toBe(start - 2);
      await viaInvoke(capability, samples[capability.id]);
      expect(await balance(), `${capability.id} via invoke`).toBe(start - 2);
      await server.app.gate.data.remove({ user: admin, collection: 'meter_rules', id: rule.id });
    }
  });

  it('shares one rate limit between the surfaces and refuses past it with the same code', async () => {
    for (const capability of capabilities) {
      const limit = capability.policy.rateLimit;
      if (limit === undefined) continue;
      let refused = await viaInvoke(capability, samples[capability.id]);
      for (let calls = 1; refused.ok && calls <= limit.max; calls++) {
        refused = await viaInvoke(capability, samples[capability.id]);
      }
      expect(refused.code, capability.id).toBe('SERVER_RATE_LIMITED');
      const route = await viaRoute(capability, samples[capability.id]);
      expect([route.status, route.code], capability.id).toEqual([429, 'SERVER_RATE_LIMITED']);
      expect((await viaMcp(capability, samples[capability.id])).code, capability.id).toBe(
        'SERVER_RATE_LIMITED',
      );
      server.clock.advance(limit.windowMs);
      expect((await viaMcp(capability, samples[capability.id])).ok, capability.id).toBe(true);
    }
  });
});
