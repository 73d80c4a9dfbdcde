import { findMeterRule } from '@svc/gate';
import { createScriptRunner, type ScriptRunner } from '@svc/lmx-interpreters';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import type { LmxConfig } from '../config/lmx-config.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import {
  createScriptBridgeFactory,
  type ScriptBridgeFactory,
  SERVER_BRIDGES,
} from './bridges/script-bridge-factory.js';
import { createLmxCapabilities } from './lmx-capabilities.js';
import { lmxRoutes } from './lmx-routes.js';

/** Options of {@link lmxPlugin}. */
export interface LmxPluginOptions {
  config: LmxConfig;
  /** The server's environment, read only for the names `SVC_LMX_SHELL_ENV` allows. */
  environment: Readonly<Record<string, string | undefined>>;
  /** A runner to use instead of the plugin's own pool (tests). */
  runner?: ScriptRunner;
}

/**
 * The script engine as one area: a warm pool of sandbox workers (closed with the server), the
 * capability `lmx.run` in the registry (so the adapter route, MCP and `/api/lmx/run` share its
 * policy), and the routes under the plugin's prefix.
 *
 * @example
 * await app.register(lmxPlugin, { prefix: '/api/lmx', config: config.lmx, environment: process.env });
 */
export const lmxPlugin = fastifyPlugin<LmxPluginOptions>(
  async (app, options) => {
    const runner =
      options.runner ??
      createScriptRunner({
        poolSize: options.config.workers,
        maxLimits: { timeMs: options.config.timeMs, memoryMb: options.config.memoryMb },
        defaultLimits: { timeMs: options.config.timeMs },
      });
    if (!options.runner) app.addHook('onClose', async () => runner.close());
    const bridges = createServerBridges(app);
    for (const capability of createLmxCapabilities({
      runner,
      timeMs: options.config.timeMs,
      userConcurrency: options.config.userConcurrency,
      runsPerMinute: options.config.runsPerMinute,
      hostModes: options.config.hostModes,
      environment: options.environment,
      bridges,
    })) {
      app.capabilities.register(capability);
    }
    await app.register(lmxRoutes, {
      registry: app.capabilities,
      hostModes: options.config.hostModes,
      timeMs: options.config.timeMs,
      bridges: SERVER_BRIDGES,
    });
  },
  { name: 'svc-lmx', dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN], encapsulate: true },
);

/**
 * Each run's `tools`, `install`, `db`, `ai` and `adapters` bridges for its user, over the
 * registry, the gate's data and plans, the meter's prices and the server's public facts.
 */
function createServerBridges(app: FastifyInstance): ScriptBridgeFactory {
  const { gate, database, svcConfig } = app;
  return createScriptBridgeFactory({
    registry: app.capabilities,
    data: gate.data,
    entitlements: {
      features: () => [...new Set(gate.membership.catalogue.plans.flatMap((plan) => plan.features))],
    },
    priceOf: async (resource) => (await findMeterRule(database.db, resource))?.cost ?? 0,
    facts: { name: 'svc', env: svcConfig.env, publicUrl: svcConfig.publicUrl },
    // SQLite reads block the main thread: one lmq page at a time, then as long a rest;
    // PostgreSQL works in its own process.
    pageReads: database.dialect === 'postgres' ? { width: 4, rest: 0 } : { width: 1, rest: 1 },
  });
}
