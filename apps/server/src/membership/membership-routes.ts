import { GateError, type Payments, type PlanCatalogue, type RequestUser, toMembershipView } from '@svc/gate';
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

/** Options of {@link membershipRoutes}: the processor, absent until `PAY_SECRET_KEY` is set. */
export interface MembershipRoutesOptions {
  payments: Payments | undefined;
}

/** The caller, after `requireAuth` ran as the route's preHandler. */
function signedIn(request: FastifyRequest): RequestUser {
  if (request.user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
  return request.user;
}

function requirePayments(payments: Payments | undefined): Payments {
  if (!payments)
    throw new GateError(
      'GATE_NOT_CONFIGURED',
      'Payments are not configured on this server (PAY_SECRET_KEY).',
    );
  return payments;
}

/** The price of a plan or pack of the catalogue: 400 for an unknown one, 501 for one without a price. */
function findPrice(catalogue: PlanCatalogue, body: { plan?: string; pack?: string }) {
  const kind = body.plan === undefined ? 'pack' : 'plan';
  const item = body.plan ?? body.pack ?? '';
  const entries = kind === 'plan' ? catalogue.plans : catalogue.packs;
  const entry = entries.find((candidate) => candidate.id === item);
  if (!entry) {
    throw new GateError('GATE_INVALID_INPUT', `There is no ${kind} ${item}.`, {
      details: { [kind]: item, available: entries.map((candidate) => candidate.id) },
    });
  }
  if (entry.priceId === null)
    throw new GateError('GATE_NOT_CONFIGURED', `The ${kind} ${item} has no price configured.`);
  return { kind, item, priceId: entry.priceId } as const;
}

/**
 * Paid membership: plans, the caller's membership, Stripe checkout, portal and cancel, and
 * admin grants. The webhook lives in its own plugin (`membershipWebhookRoutes`) for its raw body.
 *
 * @example
 * await app.register(membershipRoutes, { prefix: '/membership', payments });
 */
export const membershipRoutes: FastifyPluginAsync<MembershipRoutesOptions> = async (app, { payments }) => {
  const membership = app.gate.membership;
  const returnUrl = app.svcConfig.publicUrl;

  app.get('/plans', { schema: plansSchema }, async () => ({
    plans: membership.catalogue.plans.map(({ id, name, features, tokensPerPeriod, priceId }) => ({
      id,
      name,
      features,
      tokensPerPeriod,
      available: payments !== undefined && priceId !== null,
    })),
    packs: membership.catalogue.packs.map(({ id, tokens, priceId }) => ({
      id,
      tokens,
      available: payments !== undefined && priceId !== null,
    })),
    purchasable: payments !== undefined,
  }));

  app.get('', { schema: readSchema, preHandler: requireAuth }, async (request) => {
    const user = signedIn(request);
    return toMembershipView(await membership.read({ userId: user.id }));
  });

  app.post<{ Body: { plan?: string; pack?: string } }>(
    '/checkout',
    { schema: checkoutSchema, preHandler: requireAuth, config: { rateLimit: membershipRateLimit } },
    async (request) => {
      const user = signedIn(request);
      const processor = requirePayments(payments);
      const price = findPrice(membership.catalogue, request.body);
      const current = await membership.read({ userId: user.id });
      if (price.kind === 'plan' && current.source === 'stripe' && current.features.length > 0) {
        throw new GateError(
          'GATE_CONFLICT',
          'You already have a subscription: change plans in the billing portal.',
        );
      }
      const { url } = await processor.createCheckout({
        ...price,
        userId: user.id,
        email: user.email,
        customerId: current.customerId,
        successUrl: `${returnUrl}/?checkout=success`,
        cancelUrl: `${returnUrl}/?checkout=cancel`,
      });
      return { url };
    },
  );

  app.post(
    '/portal',
    { schema: portalSchema, preHandler: requireAuth, config: { rateLimit: membershipRateLimit } },
    async (request) => {
      const user = signedIn(request);
      const processor = requirePayments(payments);
      // Only the caller's own customer, read from their row: no customer id is ever taken from the request.
      const { customerId } = await membership.read({ userId: user.id });
      if (customerId === null)
        throw new GateError('GATE_NOT_FOUND', 'You have no billing account yet: buy a plan first.');
      return processor.createPortal({ customerId, returnUrl });
    },
  );

  app.post(
    '/cancel',
    { schema: cancelSchema, preHandler: requireAuth, config: { rateLimit: membershipRateLimit } },
    async (request) => {
      const user = signedIn(request);
      const processor = requirePayments(payments);
      const { subscriptionId, source } = await membership.read({ userId: user.id });
      if (subscriptionId === null || source !== 'stripe')
        throw new GateError('GATE_NOT_FOUND', 'You have no subscription to cancel.');
      await membership.applySubscription(await processor.cancelAtPeriodEnd(subscriptionId));
      return toMembershipView(await membership.read({ userId: user.id }));
    },
  );

  app.post<{ Body: { userId: string; plan: string | null } }>(
    '/grant',
    { schema: grantSchema, preHandler: requireRole('admin') },
    async (request) => {
      const record = await membership.grant(request.body);
      return { userId: record.userId, membership: toMembershipView(record) };
    },
  );
};
