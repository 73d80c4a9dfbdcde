import { GateError, type RequestUser, toMembershipView } from '@svc/gate';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireAuth, requireRole } from '../plugins/guards.js';
import {
  cancelSchema,
  checkoutSchema,
  grantSchema,
  membershipRateLimit,
  plansSchema,
  portalSchema,
  readSchema,
} from './membership-route-schemas.js';

/** The caller, after `requireAuth` ran as the route's preHandler. */
function signedIn(request: FastifyRequest): RequestUser {
  if (request.user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
  return request.user;
}

/**
 * Paid membership: plans, the caller's membership, checkout, portal and cancel, and admin
 * grants. The rules (prices, the one-subscription rule, the caller's own customer only) are the
 * gate's membership service's; these handlers only translate. The webhook lives in its own
 * plugin (`membershipWebhookRoutes`) for its raw body.
 *
 * @example
 * await app.register(membershipRoutes, { prefix: '/membership' });
 */
export const membershipRoutes: FastifyPluginAsync = async (app) => {
  const membership = app.gate.membership;
  const returnUrl = app.svcConfig.publicUrl;
  const purchasable = membership.purchasable;

  app.get('/plans', { schema: plansSchema }, async () => ({
    plans: membership.catalogue.plans.map(({ id, name, features, tokensPerPeriod, priceId }) => ({
      id,
      name,
      features,
      tokensPerPeriod,
      available: purchasable && priceId !== null,
    })),
    packs: membership.catalogue.packs.map(({ id, tokens, priceId }) => ({
      id,
      tokens,
      available: purchasable && priceId !== null,
    })),
    purchasable,
  }));

  app.get('', { schema: readSchema, preHandler: requireAuth }, async (request) => {
    const user = signedIn(request);
    return toMembershipView(await membership.read({ userId: user.id }));
  });

  app.post<{ Body: { plan?: string; pack?: string } }>(
    '/checkout',
    { schema: checkoutSchema, preHandler: requireAuth, config: { rateLimit: membershipRateLimit } },
    async (request) =>
      membership.checkout({
        buyer: signedIn(request),
        plan: request.body.plan,
        pack: request.body.pack,
        successUrl: `${returnUrl}/?checkout=success`,
        cancelUrl: `${returnUrl}/?checkout=cancel`,
      }),
  );

  app.post(
    '/portal',
    { schema: portalSchema, preHandler: requireAuth, config: { rateLimit: membershipRateLimit } },
    async (request) => membership.openPortal({ userId: signedIn(request).id, returnUrl }),
  );

  app.post(
    '/cancel',
    { schema: cancelSchema, preHandler: requireAuth, config: { rateLimit: membershipRateLimit } },
    async (request) => toMembershipView(await membership.cancel({ userId: signedIn(request).id })),
  );

  app.post<{ Body: { userId: string; plan: string | null } }>(
    '/grant',
    { schema: grantSchema, preHandler: requireRole('admin') },
    async (request) => {
      const previous = (await app.gate.accounts.read(request.body.userId)).membership.plan;
      const record = await membership.grant(request.body);
      await app.adminAudit.record({
        actor: signedIn(request),
        action: 'membership.granted',
        targetUserId: record.userId,
        details: { previous, plan: request.body.plan },
      });
      return { userId: record.userId, membership: toMembershipView(record) };
    },
  );
};
