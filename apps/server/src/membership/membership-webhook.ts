import { GateError, type Payments } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import { webhookSchema } from './membership-route-schemas.js';

/**
 * `POST /webhook` for Stripe, in its own encapsulated plugin: JSON bodies stay raw buffers here
 * (and only here), because the signature covers the exact bytes Stripe sent. An event whose
 * signature does not verify (wrong secret, altered, older than the tolerance, or none) is
 * answered 400 and never processed; a verified one is applied once per event id.
 *
 * @example
 * await app.register(membershipWebhookRoutes, { prefix: '/membership', payments });
 */
export const membershipWebhookRoutes: FastifyPluginAsync<{ payments: Payments | undefined }> = async (
  app,
  { payments },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/webhook', { schema: webhookSchema }, async (request) => {
    if (!payments)
      throw new GateError(
        'GATE_NOT_CONFIGURED',
        'Payments are not configured on this server (PAY_SECRET_KEY).',
      );
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    const event = payments.readEvent(body, typeof header === 'string' ? header : undefined);
    const { duplicate } = await app.gate.membership.handleEvent(event, payments);
    request.log.info({ eventId: event.id, eventType: event.type, duplicate }, 'payment event');
    return { received: true, duplicate };
  });
};
