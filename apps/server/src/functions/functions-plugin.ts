import type { GateDatabase } from '@svc/gate';
import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { FUNCTION_COLLECTION } from './function-definition.js';
import { createFunctionSource } from './function-source.js';
import { checkFunctionWrite } from './function-write-check.js';
import { functionsRoutes } from './functions-routes.js';

/** Options of {@link functionsPlugin}. */
export interface FunctionsPluginOptions {
  db: Kysely<GateDatabase>;
}

/**
 * Stored function-calls as one area: the registry source of `functions.<name>` (so they are
 * listed in `GET /api/capabilities`, its function-calling formats and MCP), the check of
 * `function_calls` writes through `/db` (a schema's bounds) and the routes under the plugin's
 * prefix.
 *
 * @example
 * await app.register(functionsPlugin, { prefix: '/api/functions', db: database.db });
 */
export const functionsPlugin = fastifyPlugin<FunctionsPluginOptions>(
  async (app, options) => {
    app.capabilities.addSource(createFunctionSource(app.capabilities, options.db));
    app.documentChecks.add(FUNCTION_COLLECTION, (data) =>
      checkFunctionWrite(data, app.capabilities.userSchemas),
    );
    await app.register(functionsRoutes, { registry: app.capabilities, db: options.db });
  },
  { name: 'svc-functions', dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN], encapsulate: true },
);
