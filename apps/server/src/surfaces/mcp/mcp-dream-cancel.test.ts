import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDreamerTestServer,
  createMember,
  type DreamerTestServer,
} from '../../testing/dreamer-test-helpers.js';
import { testDatabaseTargets } from '../../testing/test-databases.js';

describe.each(testDatabaseTargets())('cancelling the MCP dream tool on $name', (target) => {
  let server: DreamerTestServer;
  let base: string;

  beforeAll(async () => {
    server = await createDreamerTestServer(target, { MODEL_STREAMING: 'false' });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => server?.close());

  // 2026-07-28 clients cancel by closing the request; 2025-era clients send notifications/cancelled
  // in a request of its own, which reaches the call through the shared cancellation map.
  it.each(['auto', 'legacy'] as const)(
    'aborts the run when a %s client cancels: the record ends aborted and the slot is free again',
    async (mode) => {
      const member = await createMember(server.app, server.adminCookie, 'PRO');
      const client = new Client({ name: 'cancel', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', base), {
          requestInit: { headers: { cookie: member.cookie } },
        }),
      );
      try {
        server.models.enqueue({ text: 'first idea' }, { hang: true });
        const before = server.models.requests.length;
        const controller = new AbortController();
        const call = client
          .callTool(
            { name: 'dream', arguments: { topic: `cancelled ${mode}` } },
            { signal: controller.signal },
          )
          .then(
            () => 'answered',
            () => 'cancelled',
          );
        const [, hanging] = await server.models.waitForRequests(before + 2).then((all) => all.slice(before));
        controller.abort();
        expect(await call).toBe('cancelled');
        // The model call is abandoned: the server closed it, long before any timeout.
        await hanging?.finished;
        expect(hanging?.closedByClient).toBe(true);
        await expect
          .poll(async () => {
            const listed = await server.app.inject({
              method: 'GET',
              url: '/db/dreamer_runs',
              headers: { cookie: member.cookie },
            });
            return listed.json().items[0]?.status;
          })
          .toBe('aborted');
        await expect.poll(() => server.app.capabilities.concurrency.held('dreamer.dream', member.id)).toBe(0);
      } finally {
        await client.close();
      }
    },
  );
});
