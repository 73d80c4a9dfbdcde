import type { PaymentEvent } from '@svc/gate';
import type Stripe from 'stripe';

/**
 * The id of an expandable field, whether the API sent the id or the object.
 *
 * @example
 * readId(session.customer); // 'cus_123'
 */
export function readId(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function fromCheckout(event: Stripe.Event, session: Stripe.Checkout.Session): PaymentEvent {
  const userId = session.metadata?.userId ?? session.client_reference_id ?? null;
  const pack = session.metadata?.pack;
  // A pack is credited only once paid: an asynchronous payment method completes unpaid.
  const paidPack = session.mode === 'payment' && session.payment_status === 'paid' && pack && userId;
  return {
    id: event.id,
    type: event.type,
    subscriptionId: session.mode === 'subscription' ? readId(session.subscription) : null,
    customerId: readId(session.customer),
    packPurchase: paidPack ? { sessionId: session.id, userId, pack } : null,
  };
}

/**
 * Reduces a verified Stripe event to what the membership module acts on: the subscription it
 * concerns (its state is fetched afresh, never read from the event) and a paid token pack.
 * Other event types come back with neither, and are only recorded.
 *
 * @example
 * const event = toPaymentEvent(stripe.webhooks.constructEvent(body, header, secret, 300));
 */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const none = { id: event.id, type: event.type, subscriptionId: null, customerId: null, packPurchase: null };
  switch (event.type) {
    case 'checkout.session.completed':
      return fromCheckout(event, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return { ...none, subscriptionId: subscription.id, customerId: readId(subscription.customer) };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscription = invoice.parent?.subscription_details?.subscription;
      const paid = event.type === 'invoice.paid' && subscription !== undefined && subscription !== null;
      return {
        ...none,
        subscriptionId: readId(subscription),
        customerId: readId(invoice.customer),
        paidInvoiceId: paid ? (invoice.id ?? null) : null,
      };
    }
    default:
      return none;
  }
}
