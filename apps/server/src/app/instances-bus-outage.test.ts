import { IDENTITY_CACHE_OUTAGE_MS } from '@svc/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, FIXTURE_ENV, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { type PrivateRedisServer, startPrivateRedisServer } from '../testing/private-redis-server.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestInstances, type TestInstances } from '../testing/test-instances.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

// The bus between two instances goes away (their Redis is killed) and comes back. Invalidations
// sent meanwhile are lost: B then trusts a cached identity for a second at most (not the 20 s of
// SVC_IDENTITY_CACHE_MS), nothing crashes, and once Redis is back the bus carries them again.
describe.skipIf(!postgres)('two instances while their Redis is down', () => {
  let redis: PrivateRedisServer;
  let instances: TestInstances;
  beforeAll(async () => {
    if (!postgres) return;
    redis = await startPrivateRedisServer();
    instances = await createTestInstances(postgres, 2, {
      ...FIXTURE_ENV,
      SVC_IDENTITY_CACHE_MS: '20000',
      ...testRedisEnvironment(testRedisConfig({ url: redis.url, timeoutMs: 500 })),
    });
  });
  afterAll(async () => {
    await instances?.close();
    await redis?.stop();
  });

  it('bounds a lost invalidation by a second, keeps serving, and carries invalidations again once Redis is back', async () => {
    const [a, b] = instances.apps;
    const clockOfB = instances.clocks[1];
    if (!a || !b || !clockOfB) throw new Error('two instances');
    const me = (key: string) => b.inject({ method: 'GET', url: '/auth/me', headers: { 'x-api-key': key } });
    const developer = await signUpWithRoles(a, 'outage@example.com', ['member', 'developer']);
    const first = await createKey(a, developer, 'before the outage');
    expect((await me(first.key)).statusCode).toBe(200);

    await redis.stop();
    await expect.poll(() => a.broadcast.isLive() || b.broadcast.isLive()).toBe(false);
    const removed = await a.inject({
      method: 'DELETE',
      url: `/keys/${first.id}`,
      headers: { cookie: developer.cookie },
    });
    expect(removed.statusCode).toBe(204);
    // The invalidation was lost with the bus: B's young entry still answers…
    expect((await me(first.key)).statusCode).toBe(200);
    // …but not once it is a second old, though the cache lifetime is 20 s.
    clockOfB.advance(IDENTITY_CACHE_OUTAGE_MS);
    expect((await me(first.key)).statusCode).toBe(401);
    expect((await b.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await redis.start();
    await expect.poll(() => a.broadcast.isLive() && b.broadcast.isLive(), { timeout: 10_000 }).toBe(true);
    const second = await createKey(a, developer, 'after the outage');
    expect((await me(second.key)).statusCode).toBe(200);
    await a.inject({ method: 'DELETE', url: `/keys/${second.id}`, headers: { cookie: developer.cookie } });
    await expect.poll(async () => (await me(second.key)).statusCode, { timeout: 1000 }).toBe(401);
  });
});
