import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../dreamer/providers/anthropic-provider.js';
import { createOpenAiCompatibleProvider } from '../dreamer/providers/openai-compatible-provider.js';
import {
  ADMIN,
  createKey,
  FIXTURE_ENV,
  logIn,
  type SignedInUser,
  signUp,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { type FakeModelServer, startFakeModelServer } from '../testing/fake-model-server.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

type Json = Record<string, unknown>;

/** What OpenAI and Anthropic accept as a tool (function) name. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

describe.each(testDatabaseTargets())('GET /api/capabilities on $name', (target) => {
  let server: TestServer;
  let models: FakeModelServer;
  let base: string;
  let member: SignedInUser;
  let developerKey: string;
  let adminCookie: string;

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    models = await startFakeModelServer();
    member = await signUp(server.app, 'member@example.com');
    const developer = await signUpWithRoles(server.app, 'dev@example.com', ['member', 'developer']);
    developerKey = (await createKey(server.app, developer)).key;
    adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.close();
    await models?.close();
  });

  const list = async (headers: Record<string, string>, format?: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/capabilities${format ? `?format=${format}` : ''}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Json>();
  };

  it('lists what each caller may use, with input schemas and policies', async () => {
    const anonymous = (await list({})).capabilities as Json[];
    expect(anonymous.map((capability) => capability.id)).toEqual([
      'activity-pages.generatePage',
      'activity-pages.listKinds',
      'activity-pages.printPage',
      'activity-pages.validatePage',
      'docs.getPage',
      'docs.getSymbol',
      'docs.grepDocs',
      'docs.howDoI',
      'docs.listPackages',
      'docs.search',
      'docs.searchDocs',
      'dreamer.validatePipeline',
    ]);
    expect(anonymous[0]).toMatchObject({
      id: 'activity-pages.generatePage',
      plane: 'adapter',
      title: 'Generate a puzzle page',
      mcpName: 'generatePage',
      toolName: 'generatePage',
      input: { type: 'object', required: ['kind'] },
      policy: {
        access: 'anyone',
        meter: 'tool:activity-pages.generatePage',
        rateLimit: { max: 30, windowMs: 60_000, per: 'client' },
      },
    });
    const ids = (headers: Record<string, string>) =>
      list(headers).then((body) => (body.capabilities as Json[]).map((capability) => capability.id));
    expect(await ids({ cookie: member.cookie })).toContain('activity-pages.buildBook');
    expect(await ids({ cookie: member.cookie })).not.toContain('spec.validate');
    expect(await ids({ authorization: `Bearer ${developerKey}` })).toContain('spec.validate');
    expect(await ids({ authorization: `Bearer ${developerKey}` })).not.toContain('dreamer.dream');
    // The automation plane, to those its policy allows: dream needs the intelligence membership.
    expect(await ids({ authorization: `Bearer ${developerKey}` })).toContain('automations.notify');
    expect(await ids({ authorization: `Bearer ${developerKey}` })).not.toContain('automations.dream');
    // The admin may use every registered capability, plus the built-in function dream and the
    // automation plane.
    const registered = server.app.capabilities.list().map((capability) => capability.id);
    const automations = ['dream', 'exportBook', 'generatePage', 'notify', 'webhook'].map(
      (action) => `automations.${action}`,
    );
    expect(await ids({ cookie: adminCookie })).toEqual(
      [...registered, 'functions.dream', ...automations].sort(),
    );
  });

  it('refuses an unknown format in the one error shape', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/capabilities?format=cobol' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('SERVER_VALIDATION');
  });

  it('renders OpenAI tools that the OpenAI-compatible provider sends as they are', async () => {
    const { tools } = (await list({ cookie: adminCookie }, 'openai')) as { tools: Json[] };
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['function', 'type']);
      const fn = tool.function as Json;
      expect(tool.type).toBe('function');
      expect(Object.keys(fn).sort()).toEqual(['description', 'name', 'parameters']);
      expect(fn.name).toMatch(TOOL_NAME);
      expect((fn.parameters as Json).type).toBe('object');
      expect(() => ajv.compile(fn.parameters as Json)).not.toThrow();
    }
    expect((tools.map((tool) => (tool.function as Json).name) as string[]).sort()).toContain('spec_validate');
    // The provider's own request body, with the tools added on the way out, reaches a server
    // speaking the chat-completions wire, which answers it.
    const provider = createOpenAiCompatibleProvider(
      {
        kind: 'openai-compatible',
        name: 'fake',
        baseUrl: models.openaiBaseUrl,
        apiKey: undefined,
        models: ['fake-model'],
        streaming: false,
        jsonMode: false,
      },
      {
        fetch: (input, init) =>
          fetch(input, { ...init, body: JSON.stringify({ ...JSON.parse(String(init?.body)), tools }) }),
      },
    );
    const answer = await provider.complete({
      provider: 'fake',
      model: 'fake-model',
      messages: [{ role: 'user', content: 'pick a tool' }],
      signal: new AbortController().signal,
      outputFormat: 'text',
    });
    expect(answer.text).toBe('[fake-model] pick a tool');
    const sent = models.requests.at(-1)?.body as Json;
    expect(sent).toMatchObject({ model: 'fake-model', messages: [{ role: 'user', content: 'pick a tool' }] });
    expect(sent.tools).toEqual(tools);
  });

  it('renders Anthropic tools the Anthropic provider can send', async () => {
    const { tools } = (await list({}, 'anthropic')) as { tools: Json[] };
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'input_schema', 'name']);
      expect(tool.name).toMatch(TOOL_NAME);
    }
    const provider = createAnthropicProvider(
      {
        kind: 'anthropic',
        name: 'fake',
        baseUrl: models.anthropicBaseUrl,
        apiKey: 'test-key',
        models: ['fake-claude'],
        streaming: false,
        maxTokens: 64,
      },
      {
        fetch: (input, init) =>
          fetch(input, { ...init, body: JSON.stringify({ ...JSON.parse(String(init?.body)), tools }) }),
      },
    );
    const answer = await provider.complete({
      provider: 'fake',
      model: 'fake-claude',
      messages: [{ role: 'user', content: 'pick a tool' }],
      signal: new AbortController().signal,
      outputFormat: 'text',
    });
    expect(answer.text).toBe('[fake-claude] pick a tool');
    expect(models.requests.at(-1)?.body.tools).toEqual(tools);
  });

  it.each([
    ['anonymous', () => ({})],
    ['a developer', () => ({ authorization: `Bearer ${developerKey}` })],
    ['the admin', () => ({ cookie: adminCookie })],
  ])('renders MCP tools exactly as /mcp lists them to %s (real SDK client)', async (_who, headersOf) => {
    const headers = headersOf() as Record<string, string>;
    const { tools } = (await list(headers, 'mcp')) as { tools: Json[] };
    const client = new Client(
      { name: 'capabilities', version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers } }),
    );
    try {
      const listed = (await client.listTools()).tools;
      expect(listed).toEqual(tools);
    } finally {
      await client.close();
    }
  });
});
