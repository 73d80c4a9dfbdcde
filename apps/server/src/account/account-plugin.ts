import fastifyPlugin from 'fastify-plugin';
import { ACCOUNT_DATA_PLUGIN } from '../plugins/account-data.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { accountRoutes } from './account-routes.js';

/**
 * The account area (issue 27, leaving): `GET /account/export` (one ZIP of everything the caller
 * owns) and `POST /account/delete` (re-authenticated). It owns no table: the gate's `leaving`
 * service and every area's contributor on `app.accountData` do the reading and deleting, so
 * register it after the areas (the contributors are read per request, so order only matters for
 * the routes' listing).
 *
 * @example
 * await app.register(accountPlugin, { prefix: '/account' });
 */
export const accountPlugin = fastifyPlugin(
  async (app) => {
    await app.register(accountRoutes);
  },
  {
    name: 'svc-account',
    dependencies: [GATE_PLUGIN, ACCOUNT_DATA_PLUGIN, '@fastify/rate-limit'],
    encapsulate: true,
  },
);
