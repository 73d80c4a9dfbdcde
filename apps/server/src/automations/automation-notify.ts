import { GateError, type Mailer } from '@svc/gate';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import { CapabilityError } from '../errors/capability-error.js';

/** The id of the notify action. */
export const NOTIFY_CAPABILITY_ID = 'automations.notify';
/** Mails one user may have sent by `automations.notify` per hour, on every surface together. */
export const NOTIFY_RATE = { max: 20, windowMs: 60 * 60_000, per: 'user' } as const;
/** The `kind` of the mail (the development outbox and tests find it by this). */
export const NOTIFY_MAIL_KIND = 'automation-notify';

const NOTIFY_INPUT = {
  type: 'object',
  required: ['subject', 'text'],
  additionalProperties: false,
  properties: {
    // One line: a line break in a subject could forge mail headers.
    subject: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '^[^\\r\\n]*$',
      description: 'One line.',
    },
    text: { type: 'string', minLength: 1, maxLength: 10_000, description: 'The plain-text body.' },
  },
} as const;

/** What the action answers: the address masked, so results kept in run records and traces do not repeat it. */
export interface NotifyResult {
  sent: true;
  to: string;
}

/**
 * An address as results show it: the first character of the local part, then `***@` and the
 * domain (`ada@example.com` → `a***@example.com`).
 *
 * @example
 * maskAddress('ada@example.com'); // 'a***@example.com'
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/**
 * `automations.notify { subject, text }`: mails the caller — an automation's owner — at their own
 * verified account address through the server's mailer (the one sign-up uses), never anyone
 * else. A signed-in account; 20 mails an hour per user; charged `tool:automations.notify` where
 * the surface charges. An unverified address is `GATE_EMAIL_NOT_VERIFIED` (nobody can have the
 * server mail an address they never proved theirs); a mailer failure is `CAP_UPSTREAM_FAILED`
 * (refunded). Answers `{ sent: true, to: <masked address> }`.
 *
 * @example
 * registry.addSource({ prefix: 'automations.', list: async () => [createNotifyCapability(mailer)] });
 */
export function createNotifyCapability(mailer: Mailer): Capability {
  return defineCapability<{ subject: string; text: string }, NotifyResult>({
    id: NOTIFY_CAPABILITY_ID,
    plane: 'automation',
    title: 'Mail yourself a note',
    description:
      'Sends a plain-text mail { subject, text } to your own verified account address (never any other): { sent, to } with the address masked. At most 20 an hour.',
    input: NOTIFY_INPUT,
    policy: { access: 'account', meter: `tool:${NOTIFY_CAPABILITY_ID}`, rateLimit: NOTIFY_RATE },
    timeoutMs: 60_000,
    async run({ subject, text }, { user, log }) {
      // The policy has required an account; this narrows the type and fails closed.
      if (user === null) throw new TypeError(`${NOTIFY_CAPABILITY_ID} ran without a caller`);
      if (!user.emailVerified) {
        throw new GateError(
          'GATE_EMAIL_NOT_VERIFIED',
          'Verify your account address before automations mail it.',
        );
      }
      try {
        await mailer.send({
          to: user.email,
          subject,
          text: `${text}\n\n-- \nSent by ${NOTIFY_CAPABILITY_ID} from your svc account.`,
          kind: NOTIFY_MAIL_KIND,
        });
      } catch (error) {
        // The delivery error names the address: log who and why, not where.
        log.warn(
          { userId: user.id, error: error instanceof Error ? error.name : 'unknown' },
          'automation notify mail not delivered',
        );
        throw new CapabilityError('CAP_UPSTREAM_FAILED', 'The mail could not be sent; try again later.');
      }
      return { sent: true, to: maskAddress(user.email) };
    },
  });
}
