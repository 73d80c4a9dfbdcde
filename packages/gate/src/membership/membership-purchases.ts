import { GateError } from '../errors.js';
import type { PaymentEvent, Payments } from '../ports/payments.js';
import type { MembershipRecord } from './membership-records.js';
import type { PlanCatalogue } from './plan-catalogue.js';

/** The buyer of a checkout: the signed-in user. */
export interface Buyer {
  id: string;
  email: string;
}

/** What the membership service does with the payment processor (all need `payments`). */
export interface MembershipPurchases {
  /** True when a processor is configured: checkout, portal, cancel and webhooks can work. */
  readonly purchasable: boolean;
  /**
   * Starts a hosted checkout for one plan or one pack of the catalogue. `GATE_INVALID_INPUT` for
   * an unknown item, `GATE_NOT_CONFIGURED` for one without a price (or without a processor),
   * `GATE_CONFLICT` for a plan when the buyer already pays for a subscription (the portal
   * changes plans).
   */
  checkout(input: {
    buyer: Buyer;
    plan?: string | undefined;
    pack?: string | undefined;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  /** Opens the billing portal of the user's own customer; `GATE_NOT_FOUND` before any purchase. */
  openPortal(input: { userId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Ends the user's processor subscription at the period's end; `GATE_NOT_FOUND` when there is none. */
  cancel(input: { userId: string }): Promise<MembershipRecord>;
  /**
   * Verifies a webhook's signature over the raw body, then handles the event once per id
   * (`GATE_INVALID_INPUT` for a bad, missing or stale signature: nothing is applied).
   */
  receiveWebhook(input: {
    rawBody: Buffer;
    signature: string | undefined;
  }): Promise<{ event: PaymentEvent; duplicate: boolean; accountGone: boolean }>;
}

/** The parts of the membership service the purchase rules build on. */
export interface PurchaseDeps {
  catalogue: PlanCatalogue;
  payments: Payments | undefined;
  read(input: { userId: string }): Promise<MembershipRecord>;
  applySubscription: (state: Awaited<ReturnType<Payments['cancelAtPeriodEnd']>>) => Promise<string | null>;
  handleEvent(event: PaymentEvent, payments: Payments): Promise<{ duplicate: boolean; accountGone: boolean }>;
}

/** The price of a plan or pack of the catalogue: 400 for an unknown one, 501 for one without a price. */
function findPrice(catalogue: PlanCatalogue, body: { plan?: string | undefined; pack?: string | undefined }) {
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
 * The membership rules that involve the payment processor: checkout, portal, cancel and the
 * webhook. Without a processor each answers `GATE_NOT_CONFIGURED`.
 *
 * @example
 * const purchases = createMembershipPurchases({ catalogue, payments, read, applySubscription, handleEvent });
 * const { url } = await purchases.checkout({ buyer, plan: 'PRO', successUrl, cancelUrl });
 */
export function createMembershipPurchases(deps: PurchaseDeps): MembershipPurchases {
  const requirePayments = (): Payments => {
    if (!deps.payments)
      throw new GateError(
        'GATE_NOT_CONFIGURED',
        'Payments are not configured on this server (PAY_SECRET_KEY).',
      );
    return deps.payments;
  };
  return {
    purchasable: deps.payments !== undefined,
    async checkout({ buyer, plan, pack, successUrl, cancelUrl }) {
      const payments = requirePayments();
      const price = findPrice(deps.catalogue, { plan, pack });
      const current = await deps.read({ userId: buyer.id });
      if (price.kind === 'plan' && current.source === 'stripe' && current.features.length > 0) {
        throw new GateError(
          'GATE_CONFLICT',
          'You already have a subscription: change plans in the billing portal.',
        );
      }
      const { url } = await payments.createCheckout({
        ...price,
        userId: buyer.id,
        email: buyer.email,
        customerId: current.customerId,
        successUrl,
        cancelUrl,
      });
      return { url };
    },
    async openPortal({ userId, returnUrl }) {
      const payments = requirePayments();
      // Only the user's own customer, read from their row: never a customer id from the caller.
      const { customerId } = await deps.read({ userId });
      if (customerId === null)
        throw new GateError('GATE_NOT_FOUND', 'You have no billing account yet: buy a plan first.');
      return payments.createPortal({ customerId, returnUrl });
    },
    async cancel({ userId }) {
      const payments = requirePayments();
      const { subscriptionId, source } = await deps.read({ userId });
      if (subscriptionId === null || source !== 'stripe')
        throw new GateError('GATE_NOT_FOUND', 'You have no subscription to cancel.');
      await deps.applySubscription(await payments.cancelAtPeriodEnd(subscriptionId));
      return deps.read({ userId });
    },
    async receiveWebhook({ rawBody, signature }) {
      const payments = requirePayments();
      const event = payments.readEvent(rawBody, signature);
      const { duplicate, accountGone } = await deps.handleEvent(event, payments);
      return { event, duplicate, accountGone };
    },
  };
}
