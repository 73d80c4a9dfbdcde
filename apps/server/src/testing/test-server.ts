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
