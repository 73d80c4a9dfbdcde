import type { Mailer, MailMessage } from '../ports/mailer.js';

/** A mailer that keeps every message in memory: for tests and the development outbox. */
export interface MemoryMailer extends Mailer {
  readonly messages: readonly MailMessage[];
  /** The newest message to `to` (of `kind`, when given). */
  last(to: string, kind?: string): MailMessage | undefined;
}

/**
 * Creates an in-memory mailer, optionally bounded to the newest `limit` messages.
 *
 * @example
 * const mailer = createMemoryMailer();
 * await gate.auth.signup({ email, password });
 * const link = mailer.last(email, 'verify-email')?.link;
 */
export function createMemoryMailer(options: { limit?: number } = {}): MemoryMailer {
  const messages: MailMessage[] = [];
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  return {
    messages,
    async send(message) {
      messages.push({ ...message });
      if (messages.length > limit) messages.splice(0, messages.length - limit);
    },
    last(to, kind) {
      for (let index = messages.length - 1; index >= 0; index--) {
        const message = messages[index] as MailMessage;
        if (message.to === to && (kind === undefined || message.kind === kind)) return message;
      }
      return undefined;
    },
  };
}
