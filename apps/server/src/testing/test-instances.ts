import { createManualClock, createMemoryMailer, type ManualClock } from '@svc/gate/testing';
import type { FastifyInstance } from 'fastify';
import { type BuildServerOptions, buildServer } from '../app/build-server.js';
import { loadConfig } from '../config/server-config.js';
import type { Database } from '../db/create-database.js';
import type { TestDatabaseTarget } from './test-databases.js';

/** Several server apps on one database, as instances behind a load balancer are. */
export interface TestInstances {
  apps: FastifyInstance[];
  database: Database;
  /** The manual clocks of the apps, in order (none moves unless told). */
  clocks: ManualClock[];
  /** Closes every app, then removes the database. */
  close(): Promise<void>;
}

/**
 * Builds `count` server apps in this process on one fresh database of `target` (each with its
 * own memory outbox and manual clock), with `env` added to the test configuration. Pass the
 * Redis variables (`testRedisEnvironment`) to share one Redis, or none for PostgreSQL NOTIFY.
 *
 * @example
 * const { apps: [a, b], close } = await createTestInstances(postgres, 2, testRedisEnvironment(testRedisConfig()));
 */
export async function createTestInstances(
  target: TestDatabaseTarget,
  count: number,
  env: Record<string, string | undefined> = {},
  extra: (index: number) => Partial<Omit<BuildServerOptions, 'config' | 'database'>> = () => ({}),
): Promise<TestInstances> {
  const database = await target.open();
  const apps: FastifyInstance[] = [];
  const clocks: ManualClock[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const config = loadConfig({
        NODE_ENV: 'test',
        SVC_PASSWORD_COST: '12',
        SVC_INSTANCE_ID: `instance-${index}`,
        ...env,
      });
      const clock = createManualClock(Date.now());
      const app = await buildServer({
        config,
        database,
        mailer: createMemoryMailer(),
        clock,
        ...extra(index),
      });
      await app.ready();
      apps.push(app);
      clocks.push(clock);
    }
  } catch (error) {
    for (const app of apps) await app.close();
    await database.destroy();
    throw error;
  }
  return {
    apps,
    database,
    clocks,
    async close() {
      for (const app of apps) await app.close();
      await database.destroy();
    },
  };
}
