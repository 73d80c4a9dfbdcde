import { GateError, type Payments, type SubscriptionState } from '@svc/gate';
import Stripe from 'stripe';
import type { PaymentsConfig } from '../config/payments-config.js';
import { readId, toPaymentEvent } from './stripe-event.js';

/** How old a signed webhook may be: Stripe's own default, so a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    subscriptionId: subscription.id,
    customerId: readId(subscription.customer) ?? '',
    status: subscription.status,
    priceId: item?.price.id ?? null,
    currentPeriodEnd: item ? item.current_period_end * 1000 : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    userId: subscription.metadata?.userId ?? null,
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

/**
 * The {@link Payments} port over the Stripe SDK. `config.apiBase` points the SDK at another
 * host (the tests' local fake of Stripe's API); retries are off so a failure reaches the caller
 * at once (Stripe redelivers webhooks, and a user can retry a checkout).
 *
 * @example
 * const payments = createStripePayments(config.payments);
 * const { url } = await payments.createPortal({ customerId, returnUrl: 'https://svc.example' });
 */
export function createStripePayments(config: PaymentsConfig): Payments {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    ...(config.apiBase ?? {}),
  });
  return {
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create({
        mode: input.kind === 'plan' ? 'subscription' : 'payment',
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.userId,
        metadata: { userId: input.userId, [input.kind]: input.item },
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        ...(input.kind === 'plan'
          ? { subscription_data: { metadata: { userId: input.userId, plan: input.item } } }
          : {}),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL.');
      return { id: session.id, url: session.url };
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    async cancelAtPeriodEnd(subscriptionId) {
      return toSubscriptionState(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },
    async readSubscription(subscriptionId) {
      try {
        return toSubscriptionState(await stripe.subscriptions.retrieve(subscriptionId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    readEvent(rawBody, signature) {
      if (!signature) throw new GateError('GATE_INVALID_INPUT', 'The Stripe-Signature header is missing.');
      try {
        return toPaymentEvent(
          stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS),
        );
      } catch (error) {
        throw new GateError(
          'GATE_INVALID_INPUT',
          'The webhook signature is not valid (wrong secret, altered or stale).',
          {
            cause: error,
          },
        );
      }
    },
  };
}
