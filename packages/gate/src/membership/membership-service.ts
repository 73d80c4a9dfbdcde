import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import { GateError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { PaymentEvent, Payments, SubscriptionState } from '../ports/payments.js';
import type { Membership } from '../types.js';
import { createMembershipPurchases, type MembershipPurchases } from './membership-purchases.js';
import {
  findMembershipRow,
  type MembershipRecord,
  toMembership,
  toMembershipRecord,
  writeMembershipRow,
} from './membership-records.js';
import { findPlanByPrice, MEMBER_STATUSES, type PlanCatalogue } from './plan-catalogue.js';

/** What the membership service is built from. */
export interface MembershipDeps {
  db: Kysely<GateDatabase>;
  clock: Clock;
  catalogue: PlanCatalogue;
  /** The payment processor; absent until one is configured (checkout, portal, cancel and webhooks then answer `GATE_NOT_CONFIGURED`). */
  payments?: Payments | undefined;
  /** Called after every change of a user's membership (the gate drops its cached identities). */
  onChange?: (userId: string) => void;
  /**
   * Credits purchased tokens to the wallet, idempotently by `idempotencyKey` (the wallet's
   * `credit`). Without it pack purchases are only recorded in `token_pack_purchases`.
   */
  creditTokens?: (input: {
    userId: string;
    amount: number;
    reason: string;
    idempotencyKey: string;
  }) => Promise<unknown>;
}

/** Paid membership: reads, admin grants, purchases and the processor's subscription state. */
export interface MembershipService extends MembershipPurchases {
  readonly catalogue: PlanCatalogue;
  /** The user's membership (status `none` without a row). */
  read(input: { userId: string }): Promise<MembershipRecord>;
  /** What `RequestUser.membership` holds: one indexed read. */
  readMembership(userId: string): Promise<Membership>;
  /** Grants a plan (`null` revokes) without the processor: the offline, admin path. */
  grant(input: { userId: string; plan: string | null }): Promise<MembershipRecord>;
  /**
   * Converges a user's row on a subscription's current state. The user comes from the
   * subscription's metadata or, failing that, the row holding its customer. Returns the user
   * changed, or null when the state maps to no user or would end a different, live membership.
   */
  applySubscription(state: SubscriptionState, db?: Kysely<GateDatabase>): Promise<string | null>;
  /**
   * Runs `effects` in one transaction with the insertion of `event.id` into `payment_events`;
   * an id already recorded runs nothing and answers `{ duplicate: true }`.
   */
  recordEvent(
    event: { id: string; type: string },
    effects: (db: Kysely<GateDatabase>) => Promise<readonly string[]>,
  ): Promise<{ duplicate: boolean }>;
  /**
   * Handles one verified webhook event: fetches the subscription it concerns and applies it.
   * An event about an account deleted since (a pack paid just before, a cancelled subscription's
   * last events) is recorded with nothing applied and `accountGone: true`, so it is neither a
   * failure Stripe retries for days nor a credit to no one.
   */
  handleEvent(event: PaymentEvent, payments: Payments): Promise<HandledEvent>;
}

/** What handling a webhook event did. */
export interface HandledEvent {
  /** The event id was recorded before: nothing ran. */
  duplicate: boolean;
  /** The event paid for or concerned an account that no longer exists: nothing was applied (refund it in the processor). */
  accountGone: boolean;
}

/**
 * Creates the membership service (run `membershipMigrations` first).
 *
 * @example
 * const membership = createMembershipService({ db, clock, catalogue: createDefaultCatalogue() });
 * await membership.grant({ userId, plan: 'PRO' });
 * (await membership.read({ userId })).features; // ['print-without-watermark', 'intelligence']
 */
export function createMembershipService(deps: MembershipDeps): MembershipService {
  const { db, clock, catalogue } = deps;
  const changed = (userId: string): void => deps.onChange?.(userId);

  async function findUserFor(
    executor: Kysely<GateDatabase>,
    state: SubscriptionState,
  ): Promise<string | null> {
    if (state.userId !== null) {
      const user = await executor
        .selectFrom('users')
        .select('id')
        .where('id', '=', state.userId)
        .executeTakeFirst();
      if (user) return user.id;
    }
    const row = await executor
      .selectFrom('memberships')
      .select('user_id')
      .where('customer_id', '=', state.customerId)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async function userExists(executor: Kysely<GateDatabase>, userId: string): Promise<boolean> {
    const row = await executor.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  async function applySubscription(state: SubscriptionState, executor = db): Promise<string | null> {
    const userId = await findUserFor(executor, state);
    if (userId === null) return null;
    const current = await findMembershipRow(executor, userId);
    // An older subscription ending must not end a newer one, nor an admin grant, that is live.
    const endsOther =
      current !== undefined &&
      current.subscription_id !== state.subscriptionId &&
      MEMBER_STATUSES.includes(current.status) &&
      !MEMBER_STATUSES.includes(state.status);
    if (endsOther) return null;
    await writeMembershipRow(executor, {
      user_id: userId,
      plan: findPlanByPrice(catalogue, state.priceId),
      status: state.status,
      customer_id: state.customerId,
      subscription_id: state.subscriptionId,
      current_period_end: state.currentPeriodEnd,
      cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
      source: 'stripe',
      updated_at: clock.now(),
    });
    changed(userId);
    return userId;
  }

  /**
   * A paid invoice of a live subscription credits its plan's token allowance for the period, once
   * per invoice (keyed by its id). Like pack credits it runs before the event is recorded, so a
   * crash in between is repaired by the redelivery replaying the same key.
   */
  async function creditAllowance(
    event: PaymentEvent,
    state: SubscriptionState | null,
  ): Promise<'credited' | 'none' | 'account gone'> {
    if (!event.paidInvoiceId || !state || !deps.creditTokens || !MEMBER_STATUSES.includes(state.status))
      return 'none';
    const planId = findPlanByPrice(catalogue, state.priceId);
    const plan = catalogue.plans.find((candidate) => candidate.id === planId);
    if (!plan || plan.tokensPerPeriod <= 0) return 'none';
    const userId = await findUserFor(db, state);
    if (userId === null) return state.userId === null ? 'none' : 'account gone';
    await deps.creditTokens({
      userId,
      amount: plan.tokensPerPeriod,
      reason: `${plan.id} plan allowance`,
      idempotencyKey: `allowance:${event.paidInvoiceId}`,
    });
    return 'credited';
  }

  async function recordEvent(
    event: { id: string; type: string },
    effects: (db: Kysely<GateDatabase>) => Promise<readonly string[]>,
  ): Promise<{ duplicate: boolean }> {
    const affected = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('payment_events')
        .values({ event_id: event.id, type: event.type, received_at: clock.now() })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!inserted) return null;
      return effects(trx);
    });
    // Again after commit: a request between the in-transaction call and the commit may have
    // cached the old membership.
    for (const userId of affected ?? []) changed(userId);
    return { duplicate: affected === null };
  }

  const read = async ({ userId }: { userId: string }) =>
    toMembershipRecord(catalogue, userId, await findMembershipRow(db, userId));
  const service: Omit<MembershipService, keyof MembershipPurchases> = {
    catalogue,
    read,
    readMembership: async (userId) =>
      toMembership(toMembershipRecord(catalogue, userId, await findMembershipRow(db, userId))),
    async grant({ userId, plan }) {
      if (plan !== null && !catalogue.plans.some((candidate) => candidate.id === plan)) {
        throw new GateError('GATE_INVALID_INPUT', `There is no plan ${plan}.`, {
          details: { plan, plans: catalogue.plans.map((candidate) => candidate.id) },
        });
      }
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw new GateError('GATE_NOT_FOUND', 'No such user.');
      const current = await findMembershipRow(db, userId);
      await writeMembershipRow(db, {
        user_id: userId,
        plan,
        status: plan === null ? 'none' : 'active',
        // The customer stays: the user keeps access to their billing history in the portal.
        customer_id: current?.customer_id ?? null,
        subscription_id: null,
        current_period_end: null,
        cancel_at_period_end: 0,
        source: 'grant',
        updated_at: clock.now(),
      });
      changed(userId);
      return toMembershipRecord(catalogue, userId, await findMembershipRow(db, userId));
    },
    applySubscription,
    recordEvent,
    async handleEvent(event, payments) {
      const known = await db
        .selectFrom('payment_events')
        .select('event_id')
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      if (known) return { duplicate: true, accountGone: false };
      // Fetched outside the transaction (no network call holds a write lock). The event is only
      // a trigger: the subscription's current state is applied whatever order events arrive in.
      const state =
        event.subscriptionId === null ? null : await payments.readSubscription(event.subscriptionId);
      const pack = event.packPurchase;
      const tokens = pack
        ? catalogue.packs.find((candidate) => candidate.id === pack.pack)?.tokens
        : undefined;
      // The buyer may have deleted their account since paying: nothing to credit, nothing to record under them.
      const buyerGone = pack !== null && tokens !== undefined && !(await userExists(db, pack.userId));
      if (pack && tokens !== undefined && deps.creditTokens && !buyerGone) {
        // Before the event is recorded, keyed by the checkout session: a failure after it
        // leaves the event unrecorded, and the redelivery's credit replays instead of paying twice.
        await deps.creditTokens({
          userId: pack.userId,
          amount: tokens,
          reason: `token pack ${pack.pack}`,
          idempotencyKey: `pack:${pack.sessionId}`,
        });
      }
      const allowance = await creditAllowance(event, state);
      const { duplicate } = await recordEvent(event, async (trx) => {
        if (pack && tokens !== undefined && !buyerGone) {
          await trx
            .insertInto('token_pack_purchases')
            .values({
              session_id: pack.sessionId,
              user_id: pack.userId,
              pack: pack.pack,
              tokens,
              created_at: clock.now(),
            })
            .onConflict((conflict) => conflict.column('session_id').doNothing())
            .execute();
        }
        const userId = state ? await applySubscription(state, trx) : null;
        return userId === null ? [] : [userId];
      });
      return { duplicate, accountGone: !duplicate && (buyerGone || allowance === 'account gone') };
    },
  };
  const purchases = createMembershipPurchases({
    catalogue,
    payments: deps.payments,
    read,
    applySubscription: (state) => applySubscription(state),
    handleEvent: service.handleEvent,
  });
  return Object.assign(purchases, service);
}
