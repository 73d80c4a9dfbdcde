import { createHmac, timingSafeEqual } from 'node:crypto';

/** The Standard Webhooks headers of one delivery. */
export interface WebhookSignatureHeaders {
  'webhook-id': string;
  /** Seconds since the epoch. */
  'webhook-timestamp': string;
  /** `v1,<base64 HMAC-SHA256>`. */
  'webhook-signature': string;
}

/** The HMAC key of a `whsec_<base64>` secret: the decoded bytes (Standard Webhooks). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/**
 * Signs a webhook body the Standard Webhooks way: `v1,` and the base64 HMAC-SHA256, keyed with
 * the secret's decoded bytes, of `${id}.${timestamp}.${body}`.
 *
 * @example
 * signWebhook({ secret, id: 'msg_1', timestamp: 1700000000, body: '{"type":"ping"}' });
 */
export function signWebhook(input: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
}): WebhookSignatureHeaders {
  const signature = createHmac('sha256', keyOf(input.secret))
    .update(`${input.id}.${input.timestamp}.${input.body}`)
    .digest('base64');
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}

/**
 * Checks a delivery as a receiver would: one of the space-separated `v1,` signatures matches
 * and the timestamp is within `toleranceSeconds` of `nowSeconds`.
 *
 * @example
 * verifyWebhook({ secret, headers, body, nowSeconds: Math.floor(Date.now() / 1000) }); // true
 */
export function verifyWebhook(input: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  const { headers } = input;
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(input.nowSeconds - seconds) > (input.toleranceSeconds ?? 300))
    return false;
  const expected = Buffer.from(
    signWebhook({ secret: input.secret, id, timestamp: seconds, body: input.body })['webhook-signature'],
  );
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
