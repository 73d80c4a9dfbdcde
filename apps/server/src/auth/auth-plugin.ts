import type { Clock, Mailer } from '@svc/gate';
import { systemClock } from '@svc/gate';
import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { ACCOUNT_DATA_PLUGIN } from '../plugins/account-data.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { createAuthAccountData } from './auth-account-data.js';
import { authRoutes } from './auth-routes.js';
import { passkeyRoutes } from './passkey-routes.js';
import { recoveryRoutes } from './recovery-routes.js';
import { secondFactorRoutes } from './second-factor-routes.js';
import { sessionRoutes } from './session-routes.js';
import { ssoRoutes } from './sso-routes.js';

/** Options of {@link authPlugin}. */
export interface AuthPluginOptions {
  /** The mailer the gate sends verification mail through; its outbox (when it keeps one) is readable by admins. */
  mailer: Mailer;
  /** The gate's clock (single sign-on attempts expire by it); the system clock by default. */
  clock?: Clock;
}

/**
 * The auth area as one plugin: sign-up, verification, login and logout with the session cookie,
 * the current user, password and role changes, and the development outbox, with their schemas
 * and rate limits. Register it with prefix `/auth`; it needs the gate plugin (`app.gate`).
 *
 * @example
 * await app.register(authPlugin, { prefix: '/auth', mailer });
 */
export const authPlugin = fastifyPlugin<AuthPluginOptions>(
  async (app, options) => {
    app.accountData.register(createAuthAccountData(app.database.db as Kysely<unknown>));
    await app.register(authRoutes, { mailer: options.mailer });
    await app.register(secondFactorRoutes);
    await app.register(recoveryRoutes);
    await app.register(sessionRoutes);
    await app.register(ssoRoutes, { clock: options.clock ?? systemClock });
    await app.register(passkeyRoutes);
  },
  {
    name: 'svc-auth',
    dependencies: [GATE_PLUGIN, ACCOUNT_DATA_PLUGIN, '@fastify/rate-limit'],
    encapsulate: true,
  },
);
