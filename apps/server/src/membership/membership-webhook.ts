import type { FastifyPluginAsync } from 'fastify';
import { webhookSchema } from './membership-route-schemas.js';

/**
 * `POST /webhook` for Stripe, in its own encapsulated plugin: JSON bodies stay raw buffers here
 * (and only here), because the signature covers the exact bytes Stripe sent. An event whose
 * signature does not verify (wrong secret, altered, older than the tolerance, or none) is
 * answered 400 and never processed; a verified one is applied once per event id.
 *
 * @example
 * await app.register(membershipWebhookRoutes, { prefix: '/membership' });
 */
export const membershipWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/webhook', { schema: webhookSchema }, async (request) => {
    const header = request.headers['stripe-signature'];
    const { event, duplicate, accountGone } = await app.gate.membership.receiveWebhook({
      rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      signature: typeof header === 'string' ? header : undefined,
    });
    request.log.info({ eventId: event.id, eventType: event.type, duplicate }, 'payment event');
    // Recorded with nothing applied: a payment for it is the operator's to refund in Stripe.
    if (accountGone)
      request.log.warn(
        { eventId: event.id, eventType: event.type },
        'payment event for a deleted account: nothing applied; refund any payment in Stripe',
      );
    return { received: true, duplicate };
  });
};
