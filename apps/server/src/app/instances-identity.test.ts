import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKey,
  FIXTURE_ENV,
  logIn,
  PASSWORD,
  setRoles,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestInstances, type TestInstances } from '../testing/test-instances.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

// Two instances on one PostgreSQL, the identity cache trusting a credential for 20 s on a clock
// that never moves: only the broadcast can make B forget what A changed.
const buses = [
  { name: 'Redis pub/sub', env: () => testRedisEnvironment(testRedisConfig()), transport: 'redis' },
  { name: 'PostgreSQL NOTIFY', env: () => ({}), transport: 'postgres' },
] as const;

describe.skipIf(!postgres).each(buses)('identity changes across two instances over $name', (bus) => {
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

  it('runs over the expected transport', () => {
    expect(instances.apps.map((app) => app.broadcast.transport)).toEqual([bus.transport, bus.transport]);
  });

  it('an API key deleted on A is refused on B within a second', async () => {
    const a = appAt(0);
    const developer = await signUpWithRoles(a, `key-${bus.transport}@example.com`, ['member', 'developer']);
    const { key, id } = await createKey(a, developer);
    expect((await me(1, { 'x-api-key': key })).statusCode).toBe(200);
    const removed = await a.inject({
      method: 'DELETE',
      url: `/keys/${id}`,
      headers: { cookie: developer.cookie },
    });
    expect(removed.statusCode).toBe(204);
    await expect
      .poll(async () => (await me(1, { 'x-api-key': key })).statusCode, { timeout: 1000 })
      .toBe(401);
  });

  it('a logout on A ends the session on B, and a demotion on A applies on B', async () => {
    const a = appAt(0);
    const email = `session-${bus.transport}@example.com`;
    const user = await signUpWithRoles(a, email, ['member', 'developer']);
    expect((await me(1, { cookie: user.cookie })).json().roles).toEqual(['member', 'developer']);
    await setRoles(a, user.id, ['member']);
    await expect
      .poll(async () => (await me(1, { cookie: user.cookie })).json().roles, { timeout: 1000 })
      .toEqual(['member']);
    const second = await logIn(a, email, PASSWORD);
    expect((await me(1, { cookie: second })).statusCode).toBe(200);
    const logout = await a.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: second } });
    expect(logout.statusCode).toBeLessThan(300);
    await expect.poll(async () => (await me(1, { cookie: second })).statusCode, { timeout: 1000 }).toBe(401);
    expect((await me(1, { cookie: user.cookie })).statusCode).toBe(200);
  });
});
