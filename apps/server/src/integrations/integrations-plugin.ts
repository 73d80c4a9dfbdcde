import type { GateDatabase } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { createIntegrationSource } from './integration-capability.js';
import type { IntegrationsDatabase } from './integration-migrations.js';
import { createIntegrationStore } from './integration-store.js';
import { integrationsRoutes } from './integrations-routes.js';
import { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits } from './webhook-delivery.js';

/** Options of {@link integrationsPlugin}. */
export interface IntegrationsPluginOptions {
  registry: CapabilityRegistry;
  /** The server's database; the area reads and writes only its own `user_integrations` table. */
  db: Kysely<GateDatabase>;
  /** Hosts allowed despite private or loopback addresses (`SVC_INTEGRATION_ALLOWED_HOSTS`). */
  allowedHosts: readonly string[];
  limits?: Partial<DeliveryLimits>;
}

/**
 * User integrations as one area: the registry source of `integrations.<name>` and the routes
 * storing webhooks under the plugin's prefix.
 *
 * @example
 * await app.register(integrationsPlugin, { prefix: '/api/integrations', registry, db, allowedHosts: [] });
 */
export const integrationsPlugin: FastifyPluginAsync<IntegrationsPluginOptions> = async (app, options) => {
  const store = createIntegrationStore(options.db as unknown as Kysely<IntegrationsDatabase>);
  options.registry.addSource(
    createIntegrationSource({
      store,
      allowedHosts: options.allowedHosts,
      limits: { ...DEFAULT_DELIVERY_LIMITS, ...options.limits },
    }),
  );
  await app.register(integrationsRoutes, { store });
};
