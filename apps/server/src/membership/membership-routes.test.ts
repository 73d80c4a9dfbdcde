import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, errorCodeOf, logIn, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe.js';
import {
  createMembershipServer,
  deliver,
  makeEvent,
  PRICES,
  paymentsEnv,
} from '../testing/membership-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

describe.each(testDatabaseTargets())('membership routes on $name', (target) => {
  describe('without PAY_SECRET_KEY', () => {
    let server: Awaited<ReturnType<typeof createMembershipServer>>;
    let app: FastifyInstance;
    let member: SignedInUser;
    let adminCookie: string;

    beforeAll(async () => {
      server = await createMembershipServer(target);
      app = server.app;
      member = await signUp(app, 'plain@example.com');
      adminCookie = await logIn(app, ADMIN.email, ADMIN.password);
    });
    afterAll(async () => server?.close());

    it('lists the plan catalogue publicly, nothing purchasable', async () => {
      const response = await app.inject({ method: 'GET', url: '/membership/plans' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.purchasable).toBe(false);
      expect(body.plans.map((plan: { id: string }) => plan.id)).toEqual(['STARTER', 'PRO', 'UNLIMITED']);
      expect(body.plans[1]).toMatchObject({
        features: ['print-without-watermark', 'intelligence'],
        available: false,
      });
    });

    it('reads no membership for a new user, and 401 anonymously', async () => {
      expect((await app.inject({ method: 'GET', url: '/membership' })).statusCode).toBe(401);
      const response = await app.inject({
        method: 'GET',
        url: '/membership',
        headers: { cookie: member.cookie },
      });
      expect(response.json()).toEqual({
        plan: null,
        status: 'none',
        features: [],
        periodEnd: null,
        cancelAtPeriodEnd: false,
        source: null,
      });
    });

    it('answers 501 on the paid routes and the webhook', async () => {
      for (const [url, payload] of [
        ['/membership/checkout', { plan: 'PRO' }],
        ['/membership/portal', undefined],
        ['/membership/cancel', undefined],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { cookie: member.cookie },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, url).toBe(501);
        expect(errorCodeOf(response)).toBe('GATE_NOT_CONFIGURED');
      }
      const webhook = await deliver(app, makeEvent('invoice.paid', { id: 'in_1', object: 'invoice' }));
      expect(webhook.statusCode).toBe(501);
    });

    it('a grant changes requireMembership at once on a live session, and a revoke takes it back', async () => {
      const probe = () =>
        app.inject({ method: 'GET', url: '/test/intelligence', headers: { cookie: member.cookie } });
      expect((await probe()).statusCode).toBe(403);
      const grant = await app.inject({
        method: 'POST',
        url: '/membership/grant',
        headers: { cookie: adminCookie },
        payload: { userId: member.id, plan: 'PRO' },
      });
      expect(grant.statusCode).toBe(200);
      expect(grant.json()).toEqual({
        userId: member.id,
        membership: {
          plan: 'PRO',
          status: 'active',
          features: ['print-without-watermark', 'intelligence'],
          periodEnd: null,
          cancelAtPeriodEnd: false,
          source: 'grant',
        },
      });
      expect((await probe()).statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/membership/grant',
        headers: { cookie: adminCookie },
        payload: { userId: member.id, plan: null },
      });
      expect((await probe()).statusCode).toBe(403);
    });

    it('grants only for admins, known plans and existing users', async () => {
      const asMember = await app.inject({
        method: 'POST',
        url: '/membership/grant',
        headers: { cookie: member.cookie },
        payload: { userId: member.id, plan: 'PRO' },
      });
      expect(asMember.statusCode).toBe(403);
      const grant = (payload: object) =>
        app.inject({ method: 'POST', url: '/membership/grant', headers: { cookie: adminCookie }, payload });
      expect(errorCodeOf(await grant({ userId: member.id, plan: 'GOLD' }))).toBe('GATE_INVALID_INPUT');
      expect((await grant({ userId: 'nobody', plan: 'PRO' })).statusCode).toBe(404);
    });
  });

  describe('with Stripe (a local fake of its API)', () => {
    let fake: FakeStripe;
    let server: Awaited<ReturnType<typeof createMembershipServer>>;
    let app: FastifyInstance;
    let buyer: SignedInUser;
    let other: SignedInUser;

    beforeAll(async () => {
      fake = await startFakeStripe();
      server = await createMembershipServer(target, paymentsEnv(fake.apiBase));
      app = server.app;
      buyer = await signUp(app, 'buyer@example.com');
      other = await signUp(app, 'other@example.com');
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    const post = (user: SignedInUser, url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

    it('starts a subscription checkout through the SDK and returns its URL', async () => {
      const response = await post(buyer, '/membership/checkout', { plan: 'PRO' });
      expect(response.statusCode).toBe(200);
      expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      const request = fake.requests.at(-1);
      expect(request?.path).toBe('/v1/checkout/sessions');
      expect(request?.authorization).toBe('Bearer sk_test_fake_key');
      expect(request?.params.get('mode')).toBe('subscription');
      expect(request?.params.get('line_items[0][price]')).toBe(PRICES.PRO);
      expect(request?.params.get('metadata[userId]')).toBe(buyer.id);
      expect(request?.params.get('subscription_data[metadata][userId]')).toBe(buyer.id);
      expect(request?.params.get('customer_email')).toBe(buyer.email);
    });

    it('starts a one-time checkout for a token pack; unknown items are 400', async () => {
      const response = await post(buyer, '/membership/checkout', { pack: 'large' });
      expect(response.statusCode).toBe(200);
      expect(fake.requests.at(-1)?.params.get('mode')).toBe('payment');
      expect(fake.requests.at(-1)?.params.get('line_items[0][price]')).toBe('price_pack_large');
      expect(errorCodeOf(await post(buyer, '/membership/checkout', { pack: 'huge' }))).toBe(
        'GATE_INVALID_INPUT',
      );
      expect((await post(buyer, '/membership/checkout', { plan: 'PRO', pack: 'small' })).statusCode).toBe(
        400,
      );
    });

    it('has no portal or cancel before a subscription', async () => {
      expect((await post(buyer, '/membership/portal')).statusCode).toBe(404);
      expect((await post(buyer, '/membership/cancel')).statusCode).toBe(404);
    });

    it('opens the portal for the caller’s own customer and cancels at period end', async () => {
      const periodEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
      const subscription = fake.putSubscription({
        id: 'sub_buyer',
        customer: 'cus_buyer',
        status: 'active',
        priceId: PRICES.PRO,
        userId: buyer.id,
        currentPeriodEnd: periodEnd,
      });
      expect((await deliver(app, makeEvent('customer.subscription.created', subscription))).statusCode).toBe(
        200,
      );

      const portal = await post(buyer, '/membership/portal');
      expect(portal.statusCode).toBe(200);
      expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
      expect(fake.requests.at(-1)?.params.get('customer')).toBe('cus_buyer');
      // Another user has no customer of their own, and cannot reach the buyer's.
      expect((await post(other, '/membership/portal')).statusCode).toBe(404);

      expect(errorCodeOf(await post(buyer, '/membership/checkout', { plan: 'UNLIMITED' }))).toBe(
        'GATE_CONFLICT',
      );

      const cancel = await post(buyer, '/membership/cancel');
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json()).toEqual({
        plan: 'PRO',
        status: 'active',
        features: ['print-without-watermark', 'intelligence'],
        periodEnd: periodEnd * 1000,
        cancelAtPeriodEnd: true,
        source: 'stripe',
      });
      expect(fake.readSubscription('sub_buyer')).toMatchObject({ cancel_at_period_end: true });
      const read = await app.inject({ method: 'GET', url: '/membership', headers: { cookie: buyer.cookie } });
      expect(read.json().cancelAtPeriodEnd).toBe(true);
    });

    it('marks plans and packs purchasable', async () => {
      const body = (await app.inject({ method: 'GET', url: '/membership/plans' })).json();
      expect(body.purchasable).toBe(true);
      expect(body.packs).toEqual([
        { id: 'small', tokens: 1000, available: true },
        { id: 'large', tokens: 20000, available: true },
      ]);
    });
  });
});
