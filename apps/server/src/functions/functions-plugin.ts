import type { GateDatabase } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { FUNCTION_COLLECTION } from './function-definition.js';
import { createFunctionSource } from './function-source.js';
import { checkFunctionWrite } from './function-write-check.js';
import { functionsRoutes } from './functions-routes.js';

/** Options of {@link functionsPlugin}. */
export interface FunctionsPluginOptions {
  registry: CapabilityRegistry;
  db: Kysely<GateDatabase>;
}

/**
 * Stored function-calls as one area: the registry source of `functions.<name>` (so they are
 * listed in `GET /api/capabilities`, its function-calling formats and MCP), the check of
 * `function_calls` writes through `/db` (a schema's bounds) and the routes under the plugin's
 * prefix.
 *
 * @example
 * await app.register(functionsPlugin, { prefix: '/api/functions', registry, db: database.db });
 */
export const functionsPlugin: FastifyPluginAsync<FunctionsPluginOptions> = async (app, options) => {
  options.registry.addSource(createFunctionSource(options.registry, options.db));
  app.documentChecks.add(FUNCTION_COLLECTION, (data) =>
    checkFunctionWrite(data, options.registry.userSchemas),
  );
  await app.register(functionsRoutes, { registry: options.registry, db: options.db });
};
