import type { Mailer } from '@svc/gate';
import {
  createManualClock,
  createMemoryMailer,
  type ManualClock,
  type MemoryMailer,
} from '@svc/gate/testing';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app/build-server.js';
import type { Capability } from '../capabilities/capability-types.js';
import { loadConfig, type ServerConfig } from '../config/server-config.js';
import type { Database } from '../db/create-database.js';
import type { WebConsoleSetting } from '../web/register-web-console.js';
import type { TestDatabaseTarget } from './test-databases.js';

/** A server built for a test, with handles on its outbox, clock and database. */
export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  mailer: MemoryMailer;
  clock: ManualClock;
  database: Database;
  /** Closes the server and removes its database. */
  close(): Promise<void>;
}

/**
 * Builds a server on a fresh database of `target`, with a memory outbox, a manual clock
 * (starting now) and a low scrypt cost so tests stay fast. `env` adds or overrides variables.
 *
 * @example
 * const server = await createTestServer(target, { AUTH_AUTO_VERIFY: 'false' });
 * const response = await server.app.inject({ method: 'GET', url: '/auth/session' });
 */
export async function createTestServer(
  target: TestDatabaseTarget,
  env: Record<string, string | undefined> = {},
  extra: {
    capabilities?: readonly Capability[];
    web?: WebConsoleSetting;
    docs?: Parameters<typeof buildServer>[0]['docs'];
    /** Mail through this mailer (the real SMTP one, say) instead of the memory outbox. */
    mailer?: Mailer;
  } = {},
): Promise<TestServer> {
  const config = loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12', ...env });
  const database = await target.open();
  const mailer = createMemoryMailer();
  const clock = createManualClock(Date.now());
  const app = await buildServer({ config, database, mailer, clock, ...extra });
  await app.ready();
  return {
    app,
    config,
    mailer,
    clock,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * Builds two servers on one fresh database of `target`, as two instances behind a load balancer
 * on one PostgreSQL would run (each with its own outbox and clock). `env` applies to both,
 * `envOf` adds or overrides per instance. `close()` closes both, then removes the database.
 *
 * @example
 * const [a, b] = await createTestServerPair(target, FIXTURE_ENV);
 */
export async function createTestServerPair(
  target: TestDatabaseTarget,
  env: Record<string, string | undefined> = {},
  envOf: (index: 0 | 1) => Record<string, string | undefined> = () => ({}),
): Promise<[TestServer, TestServer] & { close(): Promise<void> }> {
  const databases = await target.openShared();
  const servers: TestServer[] = [];
  try {
    for (const index of [0, 1] as const) {
      const database = databases[index];
      const config = loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12', ...env, ...envOf(index) });
      const mailer = createMemoryMailer();
      const clock = createManualClock(Date.now());
      const app = await buildServer({ config, database, mailer, clock });
      await app.ready();
      servers.push({ app, config, mailer, clock, database, close: () => app.close() });
    }
  } catch (error) {
    for (const server of servers) await server.app.close();
    await databases[1].destroy();
    await databases[0].destroy();
    throw error;
  }
  const pair = servers as [TestServer, TestServer] & { close(): Promise<void> };
  pair.close = async () => {
    for (const server of servers) await server.app.close();
    await databases[1].destroy();
    await databases[0].destroy();
  };
  return pair;
}
