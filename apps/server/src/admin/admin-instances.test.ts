import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createKey, FIXTURE_ENV, logIn, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestInstances, type TestInstances } from '../testing/test-instances.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

// Two instances on one PostgreSQL, the identity cache trusting a credential for 20 s on a clock
// that never moves: only the broadcast can make B refuse an account disabled through A.
const buses = [
  { name: 'Redis pub/sub', env: () => testRedisEnvironment(testRedisConfig()), transport: 'redis' },
  { name: 'PostgreSQL NOTIFY', env: () => ({}), transport: 'postgres' },
] as const;

describe.skipIf(!postgres).each(buses)('an account disabled on one instance, over $name', (bus) => {
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

  const appAt = (index: number) => {
    const app = instances.apps[index];
    if (!app) throw new Error(`no instance ${index}`);
    return app;
  };
  const me = (index: number, headers: Record<string, string>) =>
    appAt(index).inject({ method: 'GET', url: '/auth/me', headers });

  it('is refused on the other instance: its session and its key, though B had cached both', async () => {
    const a = appAt(0);
    const developer = await signUpWithRoles(a, `off-${bus.transport}@example.com`, ['member', 'developer']);
    const { key } = await createKey(a, developer);
    expect((await me(1, { cookie: developer.cookie })).statusCode).toBe(200);
    expect((await me(1, { 'x-api-key': key })).statusCode).toBe(200);
    const adminCookie = await logIn(a, ADMIN.email, ADMIN.password);
    const disabled = await a.inject({
      method: 'POST',
      url: `/api/admin/users/${developer.id}/disable`,
      headers: { cookie: adminCookie },
      payload: {},
    });
    expect(disabled.statusCode).toBe(200);
    await expect.poll(async () => (await me(1, { cookie: developer.cookie })).statusCode).toBe(401);
    await expect.poll(async () => (await me(1, { 'x-api-key': key })).statusCode).toBe(401);
    const enabled = await appAt(1).inject({
      method: 'POST',
      url: `/api/admin/users/${developer.id}/enable`,
      headers: { cookie: adminCookie },
    });
    expect(enabled.statusCode).toBe(200);
    await expect.poll(async () => (await me(0, { 'x-api-key': key })).statusCode).toBe(200);
  });
});
