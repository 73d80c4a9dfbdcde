import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe.js';
import {
  createMembershipServer,
  deliver,
  makeEvent,
  PRICES,
  paymentsEnv,
  signPayload,
} from '../testing/membership-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';

describe.each(testDatabaseTargets())('membership webhook on $name', (target) => {
  let fake: FakeStripe;
  let server: Awaited<ReturnType<typeof createMembershipServer>>;
  let app: FastifyInstance;
  let user: SignedInUser;
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await createMembershipServer(target, paymentsEnv(fake.apiBase));
    app = server.app;
    user = await signUp(app, 'subscriber@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const readMembership = async (who = user) =>
    (await app.inject({ method: 'GET', url: '/membership', headers: { cookie: who.cookie } })).json();
  const countEvents = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('payment_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const probe = async (who = user) =>
    (await app.inject({ method: 'GET', url: '/test/intelligence', headers: { cookie: who.cookie } }))
      .statusCode;

  it('refuses a missing, wrong-secret, stale or altered signature with 400 and processes nothing', async () => {
    const subscription = fake.putSubscription({
      id: 'sub_refused',
      customer: 'cus_refused',
      status: 'active',
      priceId: PRICES.PRO,
      userId: user.id,
      currentPeriodEnd: periodEnd,
    });
    const payload = makeEvent('customer.subscription.created', subscription);
    const stale = Math.floor(Date.now() / 1000) - 301;
    for (const response of [
      await deliver(app, payload, { signature: null }),
      await deliver(app, payload, { secret: 'whsec_someone_else' }),
      await deliver(app, payload, { timestamp: stale }),
      await deliver(app, payload, { signature: 't=1,v1=deadbeef' }),
      await app.inject({
        method: 'POST',
        url: '/membership/webhook',
        headers: {
          'content-type': 'application/json',
          // Signed over the original bytes, sent with one changed.
          'stripe-signature': signPayload(payload),
        },
        payload: payload.replace('sub_refused', 'sub_refusee'),
      }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('GATE_INVALID_INPUT');
    }
    expect(await countEvents()).toBe(0);
    expect((await readMembership()).status).toBe('none');
  });

  it('applies a subscription once even when delivered twice, and requireMembership follows at once', async () => {
    expect(await probe()).toBe(403);
    const subscription = fake.putSubscription({
      id: 'sub_main',
      customer: 'cus_main',
      status: 'active',
      priceId: PRICES.PRO,
      userId: user.id,
      currentPeriodEnd: periodEnd,
    });
    const payload = makeEvent('customer.subscription.created', subscription, 'evt_created_main');
    const first = await deliver(app, payload);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const second = await deliver(app, payload);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    const parallel = await Promise.all(Array.from({ length: 5 }, () => deliver(app, payload)));
    expect(parallel.map((response) => response.json().duplicate)).toEqual([true, true, true, true, true]);
    expect(await countEvents()).toBe(1);
    expect(await readMembership()).toEqual({
      plan: 'PRO',
      status: 'active',
      features: ['print-without-watermark', 'intelligence'],
      periodEnd: periodEnd * 1000,
      cancelAtPeriodEnd: false,
      source: 'stripe',
    });
    expect(await probe()).toBe(200);
  });

  it('converges on the latest state when events arrive out of order', async () => {
    const active = fake.putSubscription({
      id: 'sub_main',
      customer: 'cus_main',
      status: 'active',
      priceId: PRICES.UNLIMITED,
      userId: user.id,
      currentPeriodEnd: periodEnd,
    });
    // Stripe has since deleted the subscription; the deletion is delivered first.
    const deleted = fake.putSubscription({
      id: 'sub_main',
      customer: 'cus_main',
      status: 'canceled',
      priceId: PRICES.UNLIMITED,
      userId: user.id,
      currentPeriodEnd: periodEnd,
    });
    expect((await deliver(app, makeEvent('customer.subscription.deleted', deleted))).statusCode).toBe(200);
    expect((await readMembership()).status).toBe('canceled');
    // The older update (still saying active in its payload) arrives late: it is only a trigger.
    expect((await deliver(app, makeEvent('customer.subscription.updated', active))).statusCode).toBe(200);
    expect(await readMembership()).toMatchObject({ plan: 'UNLIMITED', status: 'canceled', features: [] });
    expect(await probe()).toBe(403);
  });

  it('follows invoice events and checkout completion to the subscription', async () => {
    const other = await signUp(app, 'invoiced@example.com');
    fake.putSubscription({
      id: 'sub_invoiced',
      customer: 'cus_invoiced',
      status: 'active',
      priceId: PRICES.STARTER,
      userId: other.id,
      currentPeriodEnd: periodEnd,
    });
    const session = {
      id: 'cs_test_sub',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      customer: 'cus_invoiced',
      subscription: 'sub_invoiced',
      client_reference_id: other.id,
      metadata: { userId: other.id, plan: 'STARTER' },
    };
    await deliver(app, makeEvent('checkout.session.completed', session));
    expect(await readMembership(other)).toMatchObject({
      plan: 'STARTER',
      status: 'active',
      features: ['print-without-watermark'],
    });

    fake.putSubscription({
      id: 'sub_invoiced',
      customer: 'cus_invoiced',
      status: 'past_due',
      priceId: PRICES.STARTER,
      userId: other.id,
      currentPeriodEnd: periodEnd,
    });
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      customer: 'cus_invoiced',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_invoiced' } },
    };
    await deliver(app, makeEvent('invoice.payment_failed', invoice));
    expect(await readMembership(other)).toMatchObject({ status: 'past_due', features: [] });

    fake.putSubscription({
      id: 'sub_invoiced',
      customer: 'cus_invoiced',
      status: 'active',
      priceId: PRICES.STARTER,
      userId: other.id,
      currentPeriodEnd: periodEnd + 3600,
    });
    await deliver(app, makeEvent('invoice.paid', { ...invoice, id: 'in_paid' }));
    expect(await readMembership(other)).toMatchObject({
      status: 'active',
      periodEnd: (periodEnd + 3600) * 1000,
    });
    // The paid invoice credits the plan's allowance once, however often it is delivered.
    const allowance = app.gate.membership.catalogue.plans.find(
      (plan) => plan.id === 'STARTER',
    )?.tokensPerPeriod;
    expect(allowance).toBeGreaterThan(0);
    expect((await app.gate.wallet.balance({ userId: other.id })).balance).toBe(allowance);
    await deliver(app, makeEvent('invoice.paid', { ...invoice, id: 'in_paid' }, 'evt_paid_again'));
    expect((await app.gate.wallet.balance({ userId: other.id })).balance).toBe(allowance);
  });

  it('credits a paid token pack once, however often its completion is delivered', async () => {
    const session = {
      id: 'cs_test_pack',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      customer: null,
      subscription: null,
      client_reference_id: user.id,
      metadata: { userId: user.id, pack: 'small' },
    };
    const payload = makeEvent('checkout.session.completed', session, 'evt_pack');
    await deliver(app, payload);
    await deliver(app, payload);
    // A second event about the same session (Stripe does not promise one event per session).
    await deliver(app, makeEvent('checkout.session.completed', session, 'evt_pack_again'));
    const purchases = await app.database.db.selectFrom('token_pack_purchases').selectAll().execute();
    expect(purchases).toEqual([
      expect.objectContaining({ session_id: 'cs_test_pack', user_id: user.id, pack: 'small' }),
    ]);
    expect(await app.gate.wallet.balance({ userId: user.id })).toEqual({ balance: 1000 });
  });

  it('ignores an unpaid pack checkout and records unrelated event types', async () => {
    const other = await signUp(app, 'unpaid@example.com');
    const session = {
      id: 'cs_test_unpaid',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'unpaid',
      client_reference_id: other.id,
      metadata: { userId: other.id, pack: 'large' },
    };
    expect((await deliver(app, makeEvent('checkout.session.completed', session))).statusCode).toBe(200);
    expect(
      (await deliver(app, makeEvent('customer.created', { id: 'cus_x', object: 'customer' }))).statusCode,
    ).toBe(200);
    expect(await app.gate.wallet.balance({ userId: other.id })).toEqual({ balance: 0 });
  });

  it('records, and applies nothing for, events about an account deleted since (no 500, no redelivery loop)', async () => {
    const leaver = await signUp(app, 'leaver@example.com');
    // A subscription cancelled at its period's end does not block deletion; its last events
    // arrive afterwards. So can a pack checkout paid just before the account was deleted.
    const subscription = fake.putSubscription({
      id: 'sub_after_leaving',
      customer: 'cus_after_leaving',
      status: 'canceled',
      priceId: PRICES.PRO,
      userId: leaver.id,
      currentPeriodEnd: periodEnd,
    });
    const deleted = await deleteAccount(app, leaver);
    expect(deleted.statusCode).toBe(200);
    const session = {
      id: 'cs_after_leaving',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      customer: null,
      subscription: null,
      client_reference_id: leaver.id,
      metadata: { userId: leaver.id, pack: 'small' },
    };
    const before = await countEvents();
    const events = [
      makeEvent('customer.subscription.deleted', subscription, 'evt_sub_after_leaving'),
      makeEvent('checkout.session.completed', session, 'evt_pack_after_leaving'),
    ];
    for (const payload of events) {
      const response = await deliver(app, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, duplicate: false });
    }
    // Recorded, so Stripe's redelivery is a duplicate rather than a retry that fails again.
    expect(await countEvents()).toBe(before + 2);
    expect((await deliver(app, events[1] as string)).json()).toEqual({ received: true, duplicate: true });
    const db = app.database.db;
    expect(await db.selectFrom('memberships').selectAll().where('user_id', '=', leaver.id).execute()).toEqual(
      [],
    );
    expect(
      await db
        .selectFrom('token_pack_purchases')
        .selectAll()
        .where('session_id', '=', 'cs_after_leaving')
        .execute(),
    ).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('id', '=', leaver.id).execute()).toEqual([]);
  });
});
