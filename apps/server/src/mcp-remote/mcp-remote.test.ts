import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../config/server-config.js';
import {
  createKey,
  FIXTURE_ENV,
  type SignedInUser,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { readDocExample } from '../testing/doc-examples.js';
import { describeHealthz, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import {
  findClosedPort,
  type McpFixtureServer,
  startMcpFixtureServer,
} from '../testing/mcp-fixture-server.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

type ToolResult = { isError?: boolean; content: Array<{ type: string; text: string }> };

describe('SVC_MCP_SERVERS', () => {
  it('reads the example of docs/mcp.md', () => {
    const servers = loadConfig({
      NODE_ENV: 'test',
      SVC_MCP_SERVERS: readDocExample('mcp.md', 'mcp-servers'),
    }).mcpServers;
    expect(servers.map((server) => server.name)).toEqual(['wiki', 'tickets']);
    expect(servers[1]?.headers).toEqual({ authorization: 'Bearer t0k3n' });
  });

  it('refuses bad values with clear problems', () => {
    const problemsOf = (value: string): string[] => {
      try {
        loadConfig({ NODE_ENV: 'test', SVC_MCP_SERVERS: value });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problemsOf('not json')).toEqual([
      'SVC_MCP_SERVERS must be a JSON array of { "name", "url" } objects.',
    ]);
    expect(problemsOf('[{"name":"Wiki","url":"http://x/mcp"}]')[0]).toMatch(/^SVC_MCP_SERVERS\[0\]\.name/);
    expect(problemsOf('[{"name":"wiki","url":"ftp://x/mcp"}]')[0]).toMatch(/^SVC_MCP_SERVERS\[0\]\.url/);
    expect(problemsOf('[{"name":"a","url":"http://x/1"},{"name":"a","url":"http://x/2"}]')[0]).toMatch(
      /listed twice/,
    );
    expect(
      loadConfig({ NODE_ENV: 'test', SVC_MCP_SERVERS: '[{"name":"wiki","url":"http://x/mcp"}]' }).mcpServers,
    ).toEqual([{ name: 'wiki', url: 'http://x/mcp', headers: {} }]);
  });
});

describe.each(testDatabaseTargets())('remote MCP tools on $name', (target) => {
  let fixture: McpFixtureServer;
  let server: TestServer;
  let user: SignedInUser;
  let client: Client;
  let base: string;

  const callTool = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolResult;
  const errorOf = (result: ToolResult) => JSON.parse(result.content[0]?.text ?? '{}').error;
  const servers = async () =>
    (
      await server.app.inject({ method: 'GET', url: '/api/mcp-servers', headers: { cookie: user.cookie } })
    ).json().servers;

  beforeAll(async () => {
    fixture = await startMcpFixtureServer();
    const down = `http://127.0.0.1:${await findClosedPort()}/mcp`;
    server = await createTestServer(target, {
      ...FIXTURE_ENV,
      SVC_MCP_SERVERS: JSON.stringify([
        { name: 'fixture', url: fixture.url },
        { name: 'down', url: down },
      ]),
    });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    user = await signUpWithRoles(server.app, 'mcp-remote@example.com', ['member', 'developer']);
    const { key } = await createKey(server.app, user);
    client = new Client({ name: 'svc-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', base), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await fixture?.close();
  });

  it('lists the fixture’s tools as mcp.fixture.<tool> and a down server with its reason', async () => {
    const [fixtureState, downState] = await servers();
    expect(fixtureState).toEqual({
      name: 'fixture',
      status: 'available',
      tools: ['echo', 'fail', 'match', 'lookahead'],
    });
    expect(downState).toMatchObject({ name: 'down', status: 'unavailable', reason: expect.any(String) });
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toEqual(expect.arrayContaining(['mcp.fixture.echo', 'mcp.fixture.fail', 'generatePage']));
    expect(listed.some((name) => name.startsWith('mcp.down.'))).toBe(false);
    // A schema whose pattern RE2 cannot express does not compile: that tool is not offered.
    expect(listed).toContain('mcp.fixture.match');
    expect(listed).not.toContain('mcp.fixture.lookahead');
    const capabilities = (
      await server.app.inject({ method: 'GET', url: '/api/capabilities', headers: { cookie: user.cookie } })
    ).json().capabilities;
    expect(capabilities.find((entry: { id: string }) => entry.id === 'mcp.fixture.echo')).toMatchObject({
      plane: 'mcp',
      toolName: 'mcp_fixture_echo',
      input: { type: 'object', required: ['text'] },
      policy: { access: 'account', meter: 'tool:mcp.fixture.echo' },
    });
  });

  it('calls a remote tool through /mcp and the adapter route, validating arguments first', async () => {
    const echoed = await callTool('mcp.fixture.echo', { text: 'hello' });
    expect(echoed.isError).toBeFalsy();
    expect(JSON.parse(echoed.content[0]?.text ?? '{}')).toEqual({
      content: [{ type: 'text', text: 'hello' }],
      structuredContent: { echo: 'hello' },
    });
    const viaRoute = await server.app.inject({
      method: 'POST',
      url: '/api/adapters/mcp/fixture.echo',
      headers: { cookie: user.cookie },
      payload: { text: 'route' },
    });
    expect(viaRoute.statusCode).toBe(200);
    expect(viaRoute.json().result.structuredContent).toEqual({ echo: 'route' });
    const before = fixture.calls.length;
    expect(errorOf(await callTool('mcp.fixture.echo', { text: 5 })).code).toBe('CAP_INVALID_ARGS');
    expect(fixture.calls.length).toBe(before);
    expect(errorOf(await callTool('mcp.fixture.fail', {}))).toMatchObject({ code: 'CAP_UPSTREAM_FAILED' });
  });

  it('checks a remote schema’s pattern in linear time, off the main thread, before calling', async () => {
    const before = fixture.calls.length;
    const seen = await probeHealthzAgainstBaseline(base, () =>
      callTool('mcp.fixture.match', { text: `${'a'.repeat(50_000)}!` }),
    );
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
    expect(errorOf(seen.result)).toMatchObject({
      code: 'CAP_INVALID_ARGS',
      details: { issues: [{ path: '/text', message: 'must match pattern "^(a+)+$"' }] },
    });
    expect(fixture.calls.length).toBe(before);
    expect(
      JSON.parse((await callTool('mcp.fixture.match', { text: 'aaa' })).content[0]?.text ?? '{}'),
    ).toMatchObject({
      structuredContent: { echo: 'aaa' },
    });
  });

  it('answers a down server’s tools with its reason and keeps every other tool working', async () => {
    const down = errorOf(await callTool('mcp.down.anything', {}));
    expect(down).toMatchObject({ code: 'CAP_UPSTREAM_FAILED', details: { server: 'down' } });
    await fixture.close();
    const gone = errorOf(await callTool('mcp.fixture.echo', { text: 'x' }));
    expect(gone.code).toBe('CAP_UPSTREAM_FAILED');
    expect((await servers())[0]).toMatchObject({ name: 'fixture', status: 'unavailable' });
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toContain('generatePage');
    expect(listed.some((name) => name.startsWith('mcp.fixture.'))).toBe(false);
    const page = await callTool('generatePage', { kind: 'maze', seed: 1 });
    expect(page.isError).toBeFalsy();
  });
});
