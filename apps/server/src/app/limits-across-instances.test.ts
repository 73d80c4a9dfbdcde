import type { GateDatabase } from '@svc/gate';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import type { Database } from '../db/create-database.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { buildServer } from './build-server.js';

/** Ends the running calls of `demo.held` when the test says so. */
let finish: () => void = () => undefined;
let finished = new Promise<void>((resolve) => {
  finish = resolve;
});

const demo: Capability[] = [
  defineCapability<Record<string, unknown>, unknown>({
    id: 'demo.limited',
    plane: 'adapter',
    title: 'demo.limited',
    description: 'A rate-limited capability for tests.',
    input: { type: 'object', additionalProperties: false, properties: {} },
    policy: { access: 'anyone', rateLimit: { max: 5, windowMs: 60_000, per: 'client' } },
    run: async () => ({ done: true }),
  } as Capability),
  defineCapability<Record<string, unknown>, unknown>({
    id: 'demo.held',
    plane: 'adapter',
    title: 'demo.held',
    description: 'Work that runs until the test ends it.',
    input: { type: 'object', additionalProperties: false, properties: {} },
    policy: { access: 'anyone', concurrency: { perUser: 2 } },
    run: async () => finished,
  } as Capability),
];

const sqlite = testDatabaseTargets()[0];
if (sqlite === undefined) throw new Error('no SQLite target');

describe('two instances on one Redis count as one', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = testRedisEnvironment(testRedisConfig());
    a = await createTestServer(sqlite, env, { capabilities: demo, web: false });
    b = await createTestServer(sqlite, env, { capabilities: demo, web: false });
  });
  afterAll(async () => {
    finish();
    await a?.close();
    await b?.close();
  });

  it('a route limit of 10 logins a minute per address lets 10 through across both', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt++) {
      const response = await (attempt % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '203.0.113.50',
        payload: { email: `nobody${attempt}@example.test`, password: 'wrong password 1' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error.code).toBe('SERVER_RATE_LIMITED');
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // Another address has its own budget.
    const other = await b.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '203.0.113.51',
      payload: { email: 'nobody@example.test', password: 'wrong password 1' },
    });
    expect(other.statusCode).not.toBe(429);
  });

  it('the per-account login throttle counts 5 free failures across both', async () => {
    // The instances' clocks agree (as NTP-synchronised hosts do, to well under the 1 s first wait).
    b.clock.set(a.clock.now());
    const codes: string[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await (attempt % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: `192.0.2.${attempt + 1}`,
        payload: { email: 'guessed@example.test', password: 'wrong password 1' },
      });
      codes.push(`${response.statusCode} ${response.json().error.code}`);
    }
    expect(codes.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => '401 GATE_INVALID_CREDENTIALS'));
    expect(codes.slice(5)).toEqual(Array.from({ length: 3 }, () => '429 GATE_RATE_LIMITED'));
  });

  it('a capability limit of 5 a minute per client lets 5 through across both', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 === 0 ? a : b).app.capabilities.invoke(
          'demo.limited',
          {},
          { user: null, surface: 'mcp', client: '198.51.100.7' },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(refused.map((outcome) => (outcome.ok ? '' : outcome.error.code))).toEqual(
      Array.from({ length: 7 }, () => 'SERVER_RATE_LIMITED'),
    );
  });

  it('concurrency slots are shared: 2 in flight across both, freed when the work ends', async () => {
    const options = { user: null, surface: 'mcp', client: '198.51.100.8' } as const;
    const first = a.app.capabilities.invoke('demo.held', {}, options);
    const second = b.app.capabilities.invoke('demo.held', {}, options);
    await expect.poll(() => a.app.capabilities.concurrency.held('demo.held', 'client:198.51.100.8')).toBe(2);
    const third = await b.app.capabilities.invoke('demo.held', {}, options);
    expect(third.ok ? 'ok' : third.error.code).toBe('CAP_TOO_MANY_CONCURRENT');
    const fourth = await a.app.capabilities.invoke('demo.held', {}, options);
    expect(fourth.ok ? 'ok' : fourth.error.code).toBe('CAP_TOO_MANY_CONCURRENT');
    finish();
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    await expect.poll(() => b.app.capabilities.concurrency.held('demo.held', 'client:198.51.100.8')).toBe(0);
    finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(postgresUrl !== undefined)('two instances on one PostgreSQL without Redis', () => {
  let a: TestServer;
  let second: { app: FastifyInstance; close(): Promise<void> };
  beforeAll(async () => {
    const target = testDatabaseTargets().find((candidate) => candidate.name === 'postgres');
    if (target === undefined) throw new Error('no PostgreSQL target');
    a = await createTestServer(target, {}, { web: false });
    // The second instance has its own pool on the same schema, as a second process would.
    const schema = /\(schema (\w+)\)/.exec(a.database.location)?.[1] ?? '';
    const pool = new pg.Pool({ connectionString: postgresUrl, max: 4, options: `-c search_path=${schema}` });
    const db = new Kysely<GateDatabase>({ dialect: new PostgresDialect({ pool }) });
    const database: Database = {
      db,
      dialect: 'postgres',
      location: a.database.location,
      destroy: () => db.destroy(),
    };
    const app = await buildServer({
      config: a.config,
      database,
      mailer: a.mailer,
      clock: a.clock,
      web: false,
    });
    second = {
      app,
      async close() {
        await app.close();
        await db.destroy();
      },
    };
  });
  afterAll(async () => {
    await second?.close();
    await a?.close();
  });

  it('shares the per-account login throttle through the database: 5 free failures across both', async () => {
    const codes: string[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const app = attempt % 2 === 0 ? a.app : second.app;
      const response = await app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: `192.0.2.${attempt + 1}`,
        payload: { email: 'guessed@example.test', password: 'wrong password 1' },
      });
      codes.push(`${response.statusCode} ${response.json().error.code}`);
    }
    expect(codes.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => '401 GATE_INVALID_CREDENTIALS'));
    expect(codes.slice(5)).toEqual(Array.from({ length: 3 }, () => '429 GATE_RATE_LIMITED'));
  });
});
