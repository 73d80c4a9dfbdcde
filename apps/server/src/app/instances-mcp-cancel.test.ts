import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BroadcastMessage } from '../broadcast/broadcast.js';
import { defineCapability } from '../capabilities/capability-types.js';
import { CapabilityError } from '../errors/capability-error.js';
import { MCP_CANCEL_CHANNEL } from '../surfaces/mcp/mcp-cancellations.js';
import { createKey, FIXTURE_ENV, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestInstances, type TestInstances } from '../testing/test-instances.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

/** What the blocking tool saw, per instance it ran on. */
const runs: Array<{ instance: number; aborted: boolean }> = [];

/** A tool that runs until it is aborted: it only ends through a cancel. */
const blockCapability = (instance: number) =>
  defineCapability<Record<string, never>, { never: true }>({
    id: 'test-block.wait',
    plane: 'adapter',
    title: 'Block until cancelled (test only)',
    description: 'Runs until the call is cancelled.',
    input: { type: 'object', additionalProperties: false, properties: {} },
    policy: { access: 'account' },
    run: (_args, { signal }) =>
      new Promise((_resolve, reject) => {
        const run = { instance, aborted: false };
        runs.push(run);
        signal.addEventListener(
          'abort',
          () => {
            run.aborted = true;
            reject(signal.reason ?? new CapabilityError('CAP_ABORTED', 'Cancelled.'));
          },
          { once: true },
        );
      }),
  });

const buses = [
  { name: 'Redis pub/sub', slug: 'redis', env: () => testRedisEnvironment(testRedisConfig()) },
  { name: 'PostgreSQL NOTIFY', slug: 'notify', env: () => ({}) },
] as const;

// A 2025-era client sends notifications/cancelled in a POST of its own; behind a load balancer
// it lands on B while the call runs on A.
describe.skipIf(!postgres).each(buses)('an MCP cancel across two instances over $name', (bus) => {
  let instances: TestInstances;
  const bases: string[] = [];
  beforeAll(async () => {
    if (!postgres) return;
    instances = await createTestInstances(postgres, 2, { ...FIXTURE_ENV, ...bus.env() }, (index) => ({
      capabilities: [blockCapability(index)],
    }));
    for (const app of instances.apps) bases.push(await app.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterAll(async () => instances?.close());

  it('a cancel sent to B stops the call running on A, and a stranger cancelling the same id does not', async () => {
    const [a, b] = instances.apps;
    if (!a || !b) throw new Error('two instances');
    const owner = await signUpWithRoles(a, `owner-${bus.slug}@example.com`, ['member']);
    const stranger = await signUpWithRoles(a, `stranger-${bus.slug}@example.com`, ['member', 'developer']);
    const { key: strangerKey } = await createKey(a, stranger);
    // Cancels A hears from the bus: the cancellation map subscribed first, so once the test hears
    // one, A has already acted on it.
    const heardOnA: BroadcastMessage[] = [];
    a.broadcast.subscribe(MCP_CANCEL_CHANNEL, (message) => heardOnA.push(message));
    const before = runs.length;

    const routed: FetchLikeRecord[] = [];
    const fetchRouted = async (url: string | URL, init?: RequestInit): Promise<Response> => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (!body.includes('notifications/cancelled')) return fetch(url, init);
      // The same cancel from someone else first: refused by A, since it names another caller.
      const headers = new Headers(init?.headers);
      headers.delete('cookie');
      headers.set('authorization', `Bearer ${strangerKey}`);
      const forged = await fetch(new URL('/mcp', bases[1]), { ...init, headers });
      routed.push({ who: 'stranger', status: forged.status });
      await expect.poll(() => heardOnA.length).toBe(1);
      expect(runs[before]?.aborted).toBe(false);
      const real = await fetch(new URL('/mcp', bases[1]), init);
      routed.push({ who: 'owner', status: real.status });
      return real;
    };
    const client = new Client(
      { name: 'cancel', version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', bases[0]), {
        requestInit: { headers: { cookie: owner.cookie } },
        fetch: fetchRouted,
      }),
    );
    try {
      const controller = new AbortController();
      const call = client
        .callTool({ name: 'test-block.wait', arguments: {} }, { signal: controller.signal })
        .then(
          () => 'answered',
          () => 'cancelled',
        );
      await expect.poll(() => runs.length).toBe(before + 1);
      expect(runs[before]?.instance).toBe(0);
      controller.abort();
      expect(await call).toBe('cancelled');
      await expect.poll(() => runs[before]?.aborted).toBe(true);
      expect(routed).toEqual([
        { who: 'stranger', status: 202 },
        { who: 'owner', status: 202 },
      ]);
      // Only ids and a hash crossed the bus: neither the cookie nor the key.
      expect(JSON.stringify(heardOnA)).not.toContain(owner.cookie.split('=')[1]);
      expect(heardOnA.every((message) => /^[0-9a-f]{64}$/.test(String(message.caller)))).toBe(true);
    } finally {
      await client.close();
    }
  });
});

interface FetchLikeRecord {
  who: 'stranger' | 'owner';
  status: number;
}
