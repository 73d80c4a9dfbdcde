import type { Mailer } from '@svc/gate';
import { createTransport } from 'nodemailer';
import type { MailConfig } from '../config/mail-config.js';

/** Thrown when the SMTP server refuses or cannot be reached; its message never holds the URL's password. */
export class MailDeliveryError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

/** The SMTP host and port, for messages: never the user or password. */
function describeServer(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587')}`;
}

/**
 * A {@link Mailer} sending plain-text mail over SMTP with nodemailer: STARTTLS when the server
 * offers it on `smtp://`, TLS from the start on `smtps://`, authentication from the URL. A
 * refused or failed delivery rejects with {@link MailDeliveryError}, so sign-up can undo the
 * account it could not mail. `close()` ends pooled connections.
 *
 * @example
 * const mailer = createSmtpMailer({ url: 'smtp://apikey:secret@smtp.example.com:587', from: 'svc <no-reply@example.com>' });
 * await mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hello', kind: 'test' });
 */
export function createSmtpMailer(config: MailConfig): Mailer & { close(): void } {
  const transport = createTransport(config.url, { from: config.from });
  const server = describeServer(config.url);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          headers: { 'X-Svc-Kind': message.kind },
        });
      } catch (error) {
        const code =
          (error as { responseCode?: unknown; code?: unknown }).responseCode ??
          (error as { code?: unknown }).code;
        throw new MailDeliveryError(
          `Mail to ${message.to} could not be delivered through ${server}${code === undefined ? '' : ` (${String(code)})`}.`,
          { cause: error },
        );
      }
    },
    close() {
      transport.close();
    },
  };
}
