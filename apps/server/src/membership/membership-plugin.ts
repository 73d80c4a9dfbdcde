import fastifyPlugin from 'fastify-plugin';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { membershipRoutes } from './membership-routes.js';
import { membershipWebhookRoutes } from './membership-webhook.js';

/**
 * The membership area as one plugin: plans, the caller's membership, checkout, portal and
 * cancel, admin grants, and the processor's webhook (in its own encapsulated child, the only
 * place JSON bodies stay raw bytes for the signature check). The rules live in the gate's
 * membership service, which holds the payment processor (`createGate({ payments })`): without
 * one, the paid routes answer `GATE_NOT_CONFIGURED`. Register it with prefix `/membership`; it
 * needs the gate plugin (`app.gate`).
 *
 * @example
 * await app.register(membershipPlugin, { prefix: '/membership' });
 */
export const membershipPlugin = fastifyPlugin(
  async (app) => {
    await app.register(membershipRoutes);
    await app.register(membershipWebhookRoutes);
  },
  { name: 'svc-membership', dependencies: [GATE_PLUGIN, '@fastify/rate-limit'], encapsulate: true },
);
