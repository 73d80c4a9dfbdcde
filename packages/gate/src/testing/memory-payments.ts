import { GateError } from '../errors.js';
import type { CheckoutInput, PaymentEvent, Payments, SubscriptionState } from '../ports/payments.js';

/** A payment processor kept in memory, for tests and offline runs: what it was asked, and subscriptions to report. */
export interface MemoryPayments extends Payments {
  /** Every checkout started, in order. */
  readonly checkouts: readonly CheckoutInput[];
  /** Sets what the processor reports for a subscription (as after a real checkout). */
  setSubscription(state: SubscriptionState): void;
  /** A signed event as `readEvent` will return it for `signature: 'valid'` (any other signature is refused). */
  queueEvent(event: PaymentEvent): Buffer;
}

/**
 * Creates a {@link MemoryPayments}. Signatures are `'valid'` or refused with the port's error,
 * `GATE_INVALID_INPUT`; subscriptions are whatever `setSubscription` said; a cancel sets
 * `cancelAtPeriodEnd`.
 *
 * @example
 * const payments = createMemoryPayments();
 * const gate = createGate({ db, mailer, payments, config });
 */
export function createMemoryPayments(): MemoryPayments {
  const checkouts: CheckoutInput[] = [];
  const subscriptions = new Map<string, SubscriptionState>();
  return {
    checkouts,
    setSubscription(state) {
      subscriptions.set(state.subscriptionId, { ...state });
    },
    queueEvent(event) {
      return Buffer.from(JSON.stringify(event));
    },
    async createCheckout(input) {
      checkouts.push({ ...input });
      return { id: `cs_${checkouts.length}`, url: `https://pay.example/checkout/${checkouts.length}` };
    },
    async createPortal({ customerId }) {
      return { url: `https://pay.example/portal/${customerId}` };
    },
    async cancelAtPeriodEnd(subscriptionId) {
      const state = subscriptions.get(subscriptionId);
      if (!state) throw new Error(`No subscription ${subscriptionId}.`);
      const cancelled = { ...state, cancelAtPeriodEnd: true };
      subscriptions.set(subscriptionId, cancelled);
      return { ...cancelled };
    },
    async readSubscription(subscriptionId) {
      const state = subscriptions.get(subscriptionId);
      return state ? { ...state } : null;
    },
    readEvent(rawBody, signature) {
      if (signature !== 'valid') {
        throw new GateError('GATE_INVALID_INPUT', 'The webhook signature does not verify.');
      }
      return JSON.parse(rawBody.toString('utf8')) as PaymentEvent;
    },
  };
}
