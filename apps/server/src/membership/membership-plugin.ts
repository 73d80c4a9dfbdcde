import type { Payments } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import { membershipRoutes } from './membership-routes.js';
import { membershipWebhookRoutes } from './membership-webhook.js';

/** Options of {@link membershipPlugin}. */
export interface MembershipPluginOptions {
  /** The payment processor (Stripe), absent until `PAY_SECRET_KEY` is set: paid routes then answer `GATE_NOT_CONFIGURED`. */
  payments: Payments | undefined;
}

/**
 * The membership area as one plugin: plans, the caller's membership, checkout, portal and
 * cancel, admin grants, and the processor's webhook (in its own encapsulated child, the only
 * place JSON bodies stay raw bytes for the signature check). Register it with prefix
 * `/membership`; it needs the gate plugin (`app.gate`).
 *
 * @example
 * await app.register(membershipPlugin, { prefix: '/membership', payments });
 */
export const membershipPlugin: FastifyPluginAsync<MembershipPluginOptions> = async (app, options) => {
  await app.register(membershipRoutes, { payments: options.payments });
  await app.register(membershipWebhookRoutes, { payments: options.payments });
};
