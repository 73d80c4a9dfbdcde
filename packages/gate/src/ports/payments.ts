/**
 * The payment processor, as the membership module needs it. The server implements it over the
 * Stripe SDK (apps/server/src/payments); the gate never sees the processor's own types.
 * Every method may throw: network failures surface as errors and the caller answers 5xx.
 */
export interface Payments {
  /** Starts a hosted checkout for a subscription plan or a one-time token pack. */
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Opens the billing portal of one customer. */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Asks the processor to end a subscription when its current period ends; returns its new state. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState>;
  /** The current state of a subscription, or null when the processor does not know it. */
  readSubscription(subscriptionId: string): Promise<SubscriptionState | null>;
  /**
   * Verifies a webhook's signature over its raw body and reads it. Throws `GATE_INVALID_INPUT`
   * on a bad, missing or stale signature: an unsigned event is never returned.
   */
  readEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** What a checkout buys: one plan (subscription) or one pack (one-time payment). */
export interface CheckoutInput {
  kind: 'plan' | 'pack';
  /** The plan or pack id in the catalogue (`PRO`, `small`…). */
  item: string;
  priceId: string;
  userId: string;
  email: string;
  /** The user's customer at the processor, when they already have one. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A subscription as the processor reports it now. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  /** The processor's status: `active`, `trialing`, `past_due`, `canceled`, `unpaid`, `incomplete`… */
  status: string;
  priceId: string | null;
  /** Epoch milliseconds; null when unknown. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** The user id the checkout stored in the subscription's metadata, when present. */
  userId: string | null;
}

/** A verified webhook event, reduced to what the membership module acts on. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The subscription the event concerns, when any: the module fetches its current state. */
  subscriptionId: string | null;
  customerId: string | null;
  /** A completed one-time checkout (token pack), when the event is one. */
  packPurchase: PackPurchase | null;
  /** For `invoice.paid` of a subscription: the invoice, whose period's token allowance is credited once. */
  paidInvoiceId?: string | null;
}

/** A paid token-pack checkout. */
export interface PackPurchase {
  sessionId: string;
  userId: string;
  pack: string;
}
