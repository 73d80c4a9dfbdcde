import type { FastifyPluginAsync } from 'fastify';
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
export const dataPlugin: FastifyPluginAsync = async (app) => {
  await app.register(dataRoutes);
};
