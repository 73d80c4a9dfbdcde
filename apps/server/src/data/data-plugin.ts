import fastifyPlugin from 'fastify-plugin';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { dataRoutes } from './data-routes.js';

/**
 * The data area as one plugin: the document API over the gate's collections (list with filters,
 * sort and cursor; get, create, patch, remove, clone), with its schemas and per-caller read rate
 * limits. Register it with prefix `/db`; it needs the gate plugin (`app.gate`), whose data service
 * owns visibility, ownership, quotas and the events other areas listen to.
 *
 * @example
 * await app.register(dataPlugin, { prefix: '/db' });
 */
export const dataPlugin = fastifyPlugin(
  async (app) => {
    await app.register(dataRoutes);
  },
  { name: 'svc-data', dependencies: [GATE_PLUGIN, '@fastify/rate-limit'], encapsulate: true },
);
