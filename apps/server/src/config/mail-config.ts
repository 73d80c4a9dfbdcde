/** Outgoing mail over SMTP; present only when `SMTP_URL` is set. */
export interface MailConfig {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** The From address: `svc <no-reply@example.com>` or a bare address. */
  from: string;
}

// A bare address or `Name <address>`; deliberately simple, the SMTP server has the last word.
const FROM_PATTERN = /^(?:[^<>\r\n]{0,100}<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/;

/**
 * Reads `SMTP_URL` and `MAIL_FROM`, pushing a line to `problems` for each mistake (the URL's
 * password never appears in one). Without `SMTP_URL` mail stays in the development outbox.
 *
 * @example
 * const mail = readMailConfig({ SMTP_URL: 'smtp://apikey:secret@smtp.example.com:587', MAIL_FROM: 'svc <no-reply@example.com>' }, problems);
 */
export function readMailConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): MailConfig | undefined {
  const url = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!url) {
    if (from) problems.push('MAIL_FROM is set but SMTP_URL is not: set both to send real mail.');
    return undefined;
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || parsed.hostname === '') {
    problems.push(
      'SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:password@smtp.example.com:587.',
    );
  }
  if (!from) problems.push('MAIL_FROM is required with SMTP_URL, e.g. "svc <no-reply@example.com>".');
  else if (!FROM_PATTERN.test(from))
    problems.push(`MAIL_FROM must be an address or "Name <address>", got "${from}".`);
  return { url, from: from ?? '' };
}
