import type { GateDatabase } from '@svc/gate';
import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import { ACCOUNT_DATA_PLUGIN } from '../plugins/account-data.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { createIntegrationAccountData } from './integration-account-data.js';
import { createIntegrationSource } from './integration-capability.js';
import type { IntegrationsDatabase } from './integration-migrations.js';
import { createIntegrationStore } from './integration-store.js';
import { integrationsRoutes } from './integrations-routes.js';
import { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits } from './webhook-delivery.js';

/** Options of {@link integrationsPlugin}. */
export interface IntegrationsPluginOptions {
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
 * await app.register(integrationsPlugin, { prefix: '/api/integrations', db, allowedHosts: [] });
 */
export const integrationsPlugin = fastifyPlugin<IntegrationsPluginOptions>(
  async (app, options) => {
    app.accountData.register(createIntegrationAccountData(options.db as unknown as Kysely<unknown>));
    const store = createIntegrationStore(options.db as unknown as Kysely<IntegrationsDatabase>);
    app.capabilities.addSource(
      createIntegrationSource({
        store,
        allowedHosts: options.allowedHosts,
        limits: { ...DEFAULT_DELIVERY_LIMITS, ...options.limits },
      }),
    );
    await app.register(integrationsRoutes, { store });
  },
  {
    name: 'svc-integrations',
    dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN, ACCOUNT_DATA_PLUGIN],
    encapsulate: true,
  },
);
