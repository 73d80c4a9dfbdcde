import fastifyPlugin from 'fastify-plugin';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { tokenRoutes } from './token-routes.js';

/**
 * The tokens area as one plugin: the caller's wallet balance, idempotent spends (rate-limited),
 * the ledger history, and grants by admins. Register it with prefix `/tokens`; it needs the gate
 * plugin (`app.gate`), whose wallet re-checks every amount and keeps the ledger.
 *
 * @example
 * await app.register(tokensPlugin, { prefix: '/tokens' });
 */
export const tokensPlugin = fastifyPlugin(
  async (app) => {
    await app.register(tokenRoutes);
  },
  { name: 'svc-tokens', dependencies: [GATE_PLUGIN, '@fastify/rate-limit'], encapsulate: true },
);
