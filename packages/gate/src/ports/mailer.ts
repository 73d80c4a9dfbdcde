/** One outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Machine-readable purpose, e.g. `verify-email`, so outboxes and tests can find a message. */
  kind: string;
  /** For `verify-email`: the link the recipient opens. */
  link?: string;
}

/**
 * Sends mail. The gate calls it for verification links; delivery failures should reject so the
 * caller can report them. Implementations: the server's development outbox, an SMTP adapter.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
