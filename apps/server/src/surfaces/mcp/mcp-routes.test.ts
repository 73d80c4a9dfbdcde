import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_WATERMARK } from '../../activity/activity-access.js';
import {
  ADMIN,
  createKey,
  logIn,
  type SignedInUser,
  signUp,
  signUpWithRoles,
} from '../../testing/access-test-fixtures.js';
import {
  type ActivityTestServer,
  openSharedState,
  type SharedState,
  startActivityServer,
} from '../../testing/activity-test-helpers.js';
import { testDatabaseTargets } from '../../testing/test-databases.js';

interface ToolResult {
  isError?: boolean;
  content: (
    | { type: 'text'; text: string }
    | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  )[];
}

/** The JSON text of a tool result (the first content block). */
function jsonOf(result: ToolResult) {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`no JSON text in ${JSON.stringify(result).slice(0, 200)}`);
  return JSON.parse(first.text);
}

function resourceOf(result: ToolResult) {
  const block = result.content.find((c) => c.type === 'resource');
  if (block?.type !== 'resource') throw new Error('no embedded resource');
  return block.resource;
}

describe.each(testDatabaseTargets())('the MCP endpoint over a real port on $name', (target) => {
  let state: SharedState;
  let server: ActivityTestServer;
  let url: URL;
  let memberKey: string;
  let adminKey: string;
  let plain: SignedInUser;
  const clients: Client[] = [];

  /** Connects the official client with an API key or a session cookie; `era` picks the protocol negotiation. */
  async function connect(credential?: string, era: 'legacy' | 'auto' = 'legacy'): Promise<Client> {
    const client = new Client({ name: 'svc-test', version: '1.0.0' }, { versionNegotiation: { mode: era } });
    const headers: Record<string, string> = !credential
      ? {}
      : credential.startsWith(`${server.app.svcConfig.cookieName}=`)
        ? { cookie: credential }
        : { authorization: `Bearer ${credential}` };
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    clients.push(client);
    return client;
  }
  const callTool = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolResult;

  beforeAll(async () => {
    state = await openSharedState(target);
    server = await startActivityServer(state, { worker: false });
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    url = new URL('/mcp', address);
    const member = await signUpWithRoles(server.app, 'member-dev@example.com', ['member', 'developer']);
    memberKey = (await createKey(server.app, member)).key;
    const admin = {
      id: '',
      email: ADMIN.email,
      cookie: await logIn(server.app, ADMIN.email, ADMIN.password),
    };
    adminKey = (await createKey(server.app, admin)).key;
    plain = await signUp(server.app, 'plain@example.com');
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
    await state?.destroy();
  });

  it.each(['legacy', 'auto'] as const)(
    'lists what the caller may use, with the registry input schemas (%s negotiation)',
    async (era) => {
      const client = await connect(undefined, era);
      const { tools } = await client.listTools();
      // Anonymous callers: only the capabilities whose policy lets anyone in.
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'docs.search',
        'dreamer.validatePipeline',
        'generatePage',
        'getPage',
        'getSymbol',
        'grepDocs',
        'howDoI',
        'listKinds',
        'listPackages',
        'printPage',
        'searchDocs',
        'validatePage',
      ]);
      const asMember = (await (await connect(memberKey, era)).listTools()).tools.map((tool) => tool.name);
      expect(asMember).toEqual(expect.arrayContaining(['buildBook', 'spec.validate']));
      expect(asMember).not.toContain('dream');
      const asAdmin = (await (await connect(adminKey, era)).listTools()).tools.map((tool) => tool.name);
      expect(asAdmin).toEqual(expect.arrayContaining(['buildBook', 'dream', 'generatePage', 'spec.diff']));
      const generate = tools.find((tool) => tool.name === 'generatePage');
      expect(generate?.inputSchema).toMatchObject({
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
      });
      const kinds = jsonOf(await callTool(client, 'listKinds', {}));
      expect(kinds.kinds.map((k: { kind: string }) => k.kind)).toContain('sudoku');
    },
  );

  it('generates, validates and prints for anonymous callers, watermarked', async () => {
    const client = await connect();
    const generated = await callTool(client, 'generatePage', {
      kind: 'sudoku',
      seed: 'mcp',
      input: { size: 6 },
    });
    expect(generated.isError).toBeFalsy();
    const page = jsonOf(generated);
    expect(page).toMatchObject({ kind: 'sudoku', seed: 'mcp', summary: expect.any(String) });
    expect(jsonOf(await callTool(client, 'validatePage', { kind: 'sudoku', doc: page.doc }))).toEqual({
      ok: true,
      errors: [],
    });
    const printed = await callTool(client, 'printPage', { kind: 'sudoku', doc: page.doc, trim: 'Letter' });
    expect(jsonOf(printed)).toEqual({ trim: 'Letter', widthMm: 215.9, heightMm: 279.4, watermarked: true });
    const html = resourceOf(printed);
    expect(html).toMatchObject({ uri: 'svc://activity/print/sudoku.html', mimeType: 'text/html' });
    expect(html.text).toContain(PREVIEW_WATERMARK);
  });

  it('refuses the account-only kinds and buildBook to anonymous callers, clearly', async () => {
    const client = await connect();
    const crossword = await callTool(client, 'generatePage', { kind: 'crossword', seed: 1 });
    expect(crossword.isError).toBe(true);
    expect(jsonOf(crossword).error).toMatchObject({
      code: 'GATE_UNAUTHENTICATED',
      message: expect.stringMatching(/crossword/),
    });
    const maze = jsonOf(await callTool(client, 'generatePage', { kind: 'maze', seed: 1 }));
    const book = await callTool(client, 'buildBook', {
      title: 'T',
      trim: 'A4',
      pages: [{ kind: 'maze', doc: maze.doc }],
    });
    expect(book.isError).toBe(true);
    expect(jsonOf(book).error.code).toBe('GATE_UNAUTHENTICATED');
  });

  it('serves signed-in callers (API key): account-only kinds and books as an embedded PDF', async () => {
    const client = await connect(memberKey);
    const crossword = await callTool(client, 'generatePage', { kind: 'crossword', seed: 1 });
    expect(crossword.isError).toBeFalsy();
    const page = jsonOf(crossword);
    const built = await callTool(client, 'buildBook', {
      title: 'MCP Book',
      trim: '6x9',
      pages: [{ kind: page.kind, doc: page.doc, title: 'Crossword' }],
      options: { includeKeys: true },
    });
    expect(built.isError).toBeFalsy();
    const meta = jsonOf(built);
    expect(meta.watermarked).toBe(true);
    const pdf = resourceOf(built);
    expect(pdf).toMatchObject({ uri: 'svc://activity/book.pdf', mimeType: 'application/pdf' });
    const bytes = Buffer.from(pdf.blob ?? '', 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(meta.bytes);
  });

  it('accepts the session cookie as well, from a non-browser client', async () => {
    const client = await connect(plain.cookie);
    const result = await callTool(client, 'generatePage', { kind: 'math', seed: 2 });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(jsonOf(result).kind).toBe('math');
  });

  it('never watermarks for admins', async () => {
    const client = await connect(adminKey);
    const page = jsonOf(await callTool(client, 'generatePage', { kind: 'maze', seed: 3 }));
    const printed = await callTool(client, 'printPage', { kind: 'maze', doc: page.doc, trim: 'A4' });
    expect(jsonOf(printed).watermarked).toBe(false);
    expect(resourceOf(printed).text).not.toContain(PREVIEW_WATERMARK);
  });

  it('answers bad arguments and bad pages as tool errors in the one error shape', async () => {
    const client = await connect();
    const unknown = await callTool(client, 'generatePage', { kind: 'origami' });
    expect(unknown.isError).toBe(true);
    expect(jsonOf(unknown).error.code).toBe('ACT_UNKNOWN_KIND');
    const input = await callTool(client, 'generatePage', { kind: 'sudoku', input: { size: 5 } });
    expect(jsonOf(input).error).toMatchObject({
      code: 'ACT_INVALID_INPUT',
      details: { issues: expect.any(Array) },
    });
    const page = await callTool(client, 'printPage', { kind: 'sudoku', doc: { givens: 'nope' }, trim: 'A4' });
    expect(jsonOf(page).error.code).toBe('ACT_INVALID_PAGE');
    const schema = await callTool(client, 'printPage', { kind: 'sudoku', doc: {}, trim: 'A0' });
    expect(schema.isError).toBe(true);
    expect(schema.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/trim/) });
  });

  it('refuses cross-site browser requests and foreign Host names with 403 before the transport', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const crossSite = await fetch(url, {
      method: 'POST',
      headers: { ...headers, origin: 'https://evil.example' },
      body: JSON.stringify(message),
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: { code: string } }).error.code).toBe(
      'GATE_CROSS_SITE_REQUEST',
    );
    const rebound = await server.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...headers, host: 'evil.example:3000' },
      payload: message,
    });
    expect(rebound.statusCode).toBe(403);
    const sameOrigin = await fetch(url, {
      method: 'POST',
      headers: { ...headers, origin: url.origin, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'curl', version: '1' },
        },
      }),
    });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers GET and DELETE of the stateless endpoint with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(url, {
        method,
        headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      });
      expect(response.status, method).toBe(405);
    }
  });
});
