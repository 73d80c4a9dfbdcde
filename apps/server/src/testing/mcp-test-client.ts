import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { FastifyInstance } from 'fastify';
import { ADMIN, createKey } from './access-test-fixtures.js';

/**
 * The official MCP SDK client connected to `/mcp` of a server listening at `base`, with `key`
 * (an API key) as its bearer credential, or anonymous without one.
 *
 * @example
 * const client = await connectMcpClient(base, key);
 * const { tools } = await client.listTools();
 */
export async function connectMcpClient(base: string, key?: string, name = 'svc-test'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL('/mcp', base),
      key === undefined ? {} : { requestInit: { headers: { authorization: `Bearer ${key}` } } },
    ),
  );
  return client;
}

/** An API key of the seed admin (signed in with `adminCookie`). */
export async function createAdminKey(app: FastifyInstance, adminCookie: string): Promise<string> {
  const row = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  const { key } = await createKey(app, { id: row.id, email: ADMIN.email, cookie: adminCookie });
  return key;
}
