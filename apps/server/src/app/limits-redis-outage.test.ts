import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import { type PrivateRedisServer, startPrivateRedisServer } from '../testing/private-redis-server.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

let runs = 0;
const demo = (id: string, policy: Capability['policy']): Capability =>
  defineCapability<Record<string, unknown>, unknown>({
    id,
    plane: 'adapter',
    title: id,
    description: `${id} for tests.`,
    input: { type: 'object', additionalProperties: false, properties: {} },
    policy,
    run: async () => {
      runs += 1;
      return { done: true };
    },
  } as Capability);
const capabilities = [
  demo('demo.rated', { access: 'anyone', rateLimit: { max: 5, windowMs: 60_000, per: 'client' } }),
  demo('demo.slotted', { access: 'anyone', concurrency: { perUser: 1 } }),
];

const sqlite = testDatabaseTargets()[0];
if (sqlite === undefined) throw new Error('no SQLite target');

const login = (server: TestServer, email: string) =>
  server.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: '203.0.113.60',
    payload: { email, password: 'wrong password 1' },
  });

describe('limits while the shared Redis is down', () => {
  let redis: PrivateRedisServer;
  let server: TestServer;
  beforeAll(async () => {
    redis = await startPrivateRedisServer();
    const env = testRedisEnvironment(testRedisConfig({ url: redis.url, timeoutMs: 500 }));
    server = await createTestServer(sqlite, env, { web: false, capabilities });
  });
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  it('fail closed with 503 SERVER_REDIS_UNAVAILABLE, keep serving unlimited routes, and recover', async () => {
    expect((await login(server, 'before@example.test')).statusCode).toBe(401);
    await redis.stop();
    const limited = await login(server, 'during@example.test');
    expect([limited.statusCode, limited.json().error.code]).toEqual([503, 'SERVER_REDIS_UNAVAILABLE']);
    expect(limited.body).not.toContain('ECONNREFUSED');
    // A capability's rate limit and concurrency slots cannot be checked either: refused, not run.
    const client = { user: null, surface: 'mcp', client: '198.51.100.9' } as const;
    const rated = await server.app.capabilities.invoke('demo.rated', {}, client);
    expect(rated.ok ? 'ran' : rated.error.code).toBe('SERVER_REDIS_UNAVAILABLE');
    const slotted = await server.app.capabilities.invoke('demo.slotted', {}, client);
    expect(slotted.ok ? 'ran' : slotted.error.code).toBe('SERVER_REDIS_UNAVAILABLE');
    expect(runs).toBe(0);
    // Routes without a limit still answer: the process neither crashed nor hangs.
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await redis.start();
    await expect
      .poll(async () => (await login(server, 'after@example.test')).statusCode, { timeout: 10_000 })
      .toBe(401);
    expect((await server.app.capabilities.invoke('demo.rated', {}, client)).ok).toBe(true);
    expect((await server.app.capabilities.invoke('demo.slotted', {}, client)).ok).toBe(true);
    expect(runs).toBe(2);
  });
});
