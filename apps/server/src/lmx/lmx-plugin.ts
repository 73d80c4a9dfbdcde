import { createScriptRunner, type ScriptRunner } from '@svc/lmx-interpreters';
import type { FastifyPluginAsync } from 'fastify';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { LmxConfig } from '../config/lmx-config.js';
import { type ScriptBridgeFactory, SERVER_BRIDGES } from './bridges/script-bridge-factory.js';
import { createLmxCapabilities } from './lmx-capabilities.js';
import { lmxRoutes } from './lmx-routes.js';

/** Options of {@link lmxPlugin}. */
export interface LmxPluginOptions {
  registry: CapabilityRegistry;
  config: LmxConfig;
  /** The server's environment, read only for the names `SVC_LMX_SHELL_ENV` allows. */
  environment: Readonly<Record<string, string | undefined>>;
  /** Makes each run's `tools`, `install`, `db`, `ai` and `adapters` bridges for its user. */
  bridges?: ScriptBridgeFactory;
  /** A runner to use instead of the plugin's own pool (tests). */
  runner?: ScriptRunner;
}

/**
 * The script engine as one area: a warm pool of sandbox workers (closed with the server), the
 * capability `lmx.run` in the registry (so the adapter route, MCP and `/api/lmx/run` share its
 * policy), and the routes under the plugin's prefix.
 *
 * @example
 * await app.register(lmxPlugin, { prefix: '/api/lmx', registry, config: config.lmx, environment: process.env });
 */
export const lmxPlugin: FastifyPluginAsync<LmxPluginOptions> = async (app, options) => {
  const runner =
    options.runner ??
    createScriptRunner({
      poolSize: options.config.workers,
      maxLimits: { timeMs: options.config.timeMs, memoryMb: options.config.memoryMb },
      defaultLimits: { timeMs: options.config.timeMs },
    });
  if (!options.runner) app.addHook('onClose', async () => runner.close());
  for (const capability of createLmxCapabilities({
    runner,
    timeMs: options.config.timeMs,
    userConcurrency: options.config.userConcurrency,
    runsPerMinute: options.config.runsPerMinute,
    hostModes: options.config.hostModes,
    environment: options.environment,
    ...(options.bridges ? { bridges: options.bridges } : {}),
  })) {
    options.registry.register(capability);
  }
  await app.register(lmxRoutes, {
    registry: options.registry,
    hostModes: options.config.hostModes,
    timeMs: options.config.timeMs,
    bridges: options.bridges ? SERVER_BRIDGES : [],
  });
};
