import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, deleteAccount, FIXTURE_ENV, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestInstances, type TestInstances } from '../testing/test-instances.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

// Two instances on one PostgreSQL whose identity caches trust a credential for 20 s on a clock
// that never moves: only the broadcast can make B refuse what A deleted.
const buses = [
  { name: 'Redis pub/sub', env: () => testRedisEnvironment(testRedisConfig()), transport: 'redis' },
  { name: 'PostgreSQL NOTIFY', env: () => ({}), transport: 'postgres' },
] as const;

describe.skipIf(!postgres).each(buses)('a deleted account across two instances over $name', (bus) => {
  let instances: TestInstances;
  beforeAll(async () => {
    if (!postgres) return;
    instances = await createTestInstances(postgres, 2, {
      ...FIXTURE_ENV,
      SVC_IDENTITY_CACHE_MS: '20000',
      ...bus.env(),
    });
  });
  afterAll(async () => instances?.close());

  it('deleted on A, its session and key are refused on B within a second', async () => {
    const [a, b] = instances.apps;
    if (!a || !b) throw new Error('two instances expected');
    const user = await signUpWithRoles(a, `leaving-${bus.transport}@example.com`, ['member', 'developer']);
    const { key } = await createKey(a, user);
    const me = (headers: Record<string, string>) => b.inject({ method: 'GET', url: '/auth/me', headers });
    // B has both credentials cached for 20 s.
    expect((await me({ cookie: user.cookie })).statusCode).toBe(200);
    expect((await me({ 'x-api-key': key })).statusCode).toBe(200);
    const deleted = await deleteAccount(a, user);
    expect(deleted.statusCode).toBe(200);
    await expect
      .poll(async () => (await me({ cookie: user.cookie })).statusCode, { timeout: 1000 })
      .toBe(401);
    await expect.poll(async () => (await me({ 'x-api-key': key })).statusCode, { timeout: 1000 }).toBe(401);
  });
});
