import fastifyPlugin from 'fastify-plugin';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { keyRoutes } from './key-routes.js';

/**
 * The API keys area as one plugin: create, list and revoke the caller's keys (a key's
 * secret is shown once), and the rate-limited key check. Register it with prefix `/keys`; it
 * needs the gate plugin (`app.gate`), which owns hashing and scopes.
 *
 * @example
 * await app.register(keysPlugin, { prefix: '/keys' });
 */
export const keysPlugin = fastifyPlugin(
  async (app) => {
    await app.register(keyRoutes);
  },
  { name: 'svc-keys', dependencies: [GATE_PLUGIN, '@fastify/rate-limit'], encapsulate: true },
);
