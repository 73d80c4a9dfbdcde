import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONCURRENT_BOOKS_PER_USER } from '../../activity/activity-capabilities.js';
import {
  createKey,
  FIXTURE_ENV,
  type SignedInUser,
  signUpWithRoles,
} from '../../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../../testing/test-databases.js';
import { createTestServer, type TestServer } from '../../testing/test-server.js';

interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
}

const codeOf = (result: ToolResult): string | undefined =>
  result.isError ? JSON.parse(result.content[0]?.text ?? '{}').error?.code : undefined;

// Issue 10, defect 5: heavy work has one limit per user whatever the surface, and MCP callers
// are limited like the HTTP routes.
describe.each(testDatabaseTargets())('limits of MCP tool calls on $name', (target) => {
  let server: TestServer;
  let url: URL;
  let member: SignedInUser;
  let memberKey: string;
  const clients: Client[] = [];

  async function connect(headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client(
      { name: 'limits', version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' } },
    );
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    clients.push(client);
    return client;
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as ToolResult;

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
    url = new URL('/mcp', await server.app.listen({ host: '127.0.0.1', port: 0 }));
    member = await signUpWithRoles(server.app, 'member@example.com', ['member', 'developer']);
    memberKey = (await createKey(server.app, member)).key;
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
  });

  it('refuses an inline book past the per-user limit of books in flight, on MCP as on the adapter route', async () => {
    const client = await connect({ authorization: `Bearer ${memberKey}` });
    const maze = JSON.parse(
      (await call(client, 'generatePage', { kind: 'maze', seed: 1 })).content[0]?.text ?? '{}',
    );
    const book = {
      title: 'Limits',
      trim: 'A4',
      pages: Array.from({ length: 100 }, () => ({ kind: 'maze', doc: maze.doc })),
    };
    // Books already building for this member (through any surface) hold the slots.
    const held = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_BOOKS_PER_USER }, () =>
        server.app.capabilities.concurrency.acquire(
          'activity-pages.buildBook',
          member.id,
          MAX_CONCURRENT_BOOKS_PER_USER,
        ),
      ),
    );
    const refused = await call(client, 'buildBook', book);
    expect(codeOf(refused)).toBe('CAP_TOO_MANY_CONCURRENT');
    expect(JSON.parse(refused.content[0]?.text ?? '{}').error.details).toEqual({
      capability: 'activity-pages.buildBook',
      limit: MAX_CONCURRENT_BOOKS_PER_USER,
    });
    const viaRoute = await server.app.inject({
      method: 'POST',
      url: '/api/adapters/activity-pages/buildBook',
      headers: { authorization: `Bearer ${memberKey}` },
      payload: book,
    });
    expect([viaRoute.statusCode, viaRoute.json().error.code]).toEqual([429, 'CAP_TOO_MANY_CONCURRENT']);
    held[0]?.release();
    const built = await call(client, 'buildBook', book);
    expect(built.isError).toBeFalsy();
    expect(await server.app.capabilities.concurrency.held('activity-pages.buildBook', member.id)).toBe(
      MAX_CONCURRENT_BOOKS_PER_USER - 1,
    );
    held[1]?.release();
  });

  it('limits anonymous generatePage to 30 a minute per address, one bucket with the HTTP route', async () => {
    const client = await connect();
    const page = { kind: 'maze', seed: 3, input: { width: 3, height: 3 } };
    server.clock.advance(60_000); // a fresh window: the test before generated from this address too
    for (let i = 0; i < 29; i++)
      expect((await call(client, 'generatePage', page)).isError, `call ${i}`).toBeFalsy();
    const route = await server.app.inject({
      method: 'POST',
      url: '/api/activity/pages/generate',
      payload: page,
    });
    expect(route.statusCode).toBe(200);
    expect(codeOf(await call(client, 'generatePage', page))).toBe('SERVER_RATE_LIMITED');
    const limited = await server.app.inject({
      method: 'POST',
      url: '/api/activity/pages/generate',
      payload: page,
    });
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'SERVER_RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    server.clock.advance(60_000);
    expect((await call(client, 'generatePage', page)).isError).toBeFalsy();
  });
});
