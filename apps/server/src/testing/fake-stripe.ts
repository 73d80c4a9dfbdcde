import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the few Stripe API endpoints the server calls, speaking Stripe's wire
// format (form-encoded requests, JSON objects and error bodies), so tests run the real SDK offline.

/** One request the fake received. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  authorization: string | undefined;
}

/** A subscription as the fake stores it. */
export interface FakeSubscriptionInput {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  userId?: string;
  /** Epoch seconds, as Stripe sends them. */
  currentPeriodEnd: number;
  cancelAtPeriodEnd?: boolean;
}

/** The running fake. */
export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: set as `PAY_API_BASE`. */
  apiBase: string;
  requests: FakeStripeRequest[];
  /** Creates or replaces a subscription; returns its JSON as the API sends it. */
  putSubscription(input: FakeSubscriptionInput): Record<string, unknown>;
  readSubscription(id: string): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

const newId = (prefix: string): string => `${prefix}_${randomBytes(8).toString('hex')}`;

function toSubscriptionJson(input: FakeSubscriptionInput): Record<string, unknown> {
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    metadata: input.userId ? { userId: input.userId } : {},
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `si_${input.id}`,
          object: 'subscription_item',
          price: { id: input.priceId, object: 'price' },
          current_period_start: input.currentPeriodEnd - 30 * 24 * 3600,
          current_period_end: input.currentPeriodEnd,
        },
      ],
    },
  };
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

function missing(response: ServerResponse, id: string): void {
  send(response, 404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such subscription: '${id}'`,
    },
  });
}

/**
 * Starts the fake on 127.0.0.1 with a free port.
 *
 * @example
 * const stripe = await startFakeStripe();
 * const server = await createTestServer(target, { PAY_SECRET_KEY: 'sk_test_x', PAY_API_BASE: stripe.apiBase });
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const subscriptions = new Map<string, FakeSubscriptionInput>();
  const requests: FakeStripeRequest[] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const params = request.method === 'GET' ? url.searchParams : await readForm(request);
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, params, authorization: request.headers.authorization });
    const subscriptionId = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname)?.[1];
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      send(response, 200, {
        id,
        object: 'checkout.session',
        mode: params.get('mode'),
        customer: params.get('customer'),
        customer_email: params.get('customer_email'),
        client_reference_id: params.get('client_reference_id'),
        metadata: Object.fromEntries(
          [...params]
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice(9, -1), value]),
        ),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    } else if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      send(response, 200, {
        id,
        object: 'billing_portal.session',
        customer: params.get('customer'),
        return_url: params.get('return_url'),
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    } else if (subscriptionId !== undefined && (method === 'GET' || method === 'POST')) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) return missing(response, subscriptionId);
      if (method === 'POST' && params.has('cancel_at_period_end')) {
        subscription.cancelAtPeriodEnd = params.get('cancel_at_period_end') === 'true';
      }
      send(response, 200, toSubscriptionJson(subscription));
    } else {
      send(response, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        },
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    putSubscription(input) {
      subscriptions.set(input.id, { ...input });
      return toSubscriptionJson(input);
    },
    readSubscription(id) {
      const subscription = subscriptions.get(id);
      return subscription ? toSubscriptionJson(subscription) : undefined;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
