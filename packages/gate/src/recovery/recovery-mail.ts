import type { MailMessage } from '../ports/mailer.js';

/**
 * The mail carrying a reset link. The words are the same for every account; the link's token is
 * in the fragment (`#token=`), which browsers never send to a server or in a Referer.
 *
 * @example
 * await mailer.send(resetLinkMail({ to, link, ttlMs }));
 */
export function resetLinkMail(input: { to: string; link: string; ttlMs: number }): MailMessage {
  const minutes = Math.round(input.ttlMs / 60_000);
  return {
    to: input.to,
    subject: 'Reset your password',
    text:
      `Someone (we hope you) asked to reset the password of this account.\n\n` +
      `Open this link to choose a new password (it works once, for ${minutes} minutes):\n${input.link}\n\n` +
      `If you did not ask, ignore this mail: your password stays as it is.\n`,
    kind: 'reset-password',
    link: input.link,
  };
}

/**
 * The notice sent after a password was reset, so a person whose mailbox was misused learns of it.
 *
 * @example
 * await mailer.send(passwordChangedMail({ to }));
 */
export function passwordChangedMail(input: { to: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Your password was changed',
    text:
      `The password of this account was just reset through a mailed link, and every session ` +
      `was signed out. API keys keep working.\n\n` +
      `If this was not you, reset your password again at once and revoke your API keys.\n`,
    kind: 'password-changed',
  };
}
