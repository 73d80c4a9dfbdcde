import { GateError } from '../errors.js';
import { normalizeEmail } from '../users/user-records.js';
import { isCommonPassword } from './common-passwords.js';
import { assertEmailNotConfusable } from './email-address.js';

/** Password length bounds, in Unicode code points (an emoji counts once). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;

/** Why a password was refused; sent as `details.reason` of `GATE_WEAK_PASSWORD`. */
export type WeakPasswordReason = 'too-short' | 'too-long' | 'common' | 'contains-email';

// A sane address, not the full RFC 5322 grammar: one `@`, a local part of printable characters
// without quotes, spaces or brackets, and a dotted ASCII (or punycode) domain.
const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\\\]]{1,64}@(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * Normalises an email address (trim, NFKC, `İ` → `i`, lower case) and checks it is a sane one of
 * at most 254 characters that cannot pass for another: `GATE_EMAIL_CONFUSABLE` for invisible
 * characters, bidi controls, stray combining marks or a mixed-script local part (see
 * `findConfusableEmailProblem`), `GATE_INVALID_INPUT` for anything else that is not an address.
 * Every place an email is stored or looked up goes through here.
 *
 * @example
 * readEmail('  Ada@Example.COM '); // 'ada@example.com'
 * readEmail('ａｄｍｉｎ@example.test'); // 'admin@example.test'
 */
export function readEmail(email: string): string {
  assertEmailNotConfusable(email);
  const normalized = normalizeEmail(email);
  if (normalized.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(normalized) || normalized.includes('..')) {
    throw new GateError('GATE_INVALID_INPUT', 'Enter a valid email address.', {
      details: { field: 'email' },
    });
  }
  return normalized;
}

/**
 * Normalises a password to NFC, so the same password typed on different systems matches; the
 * whole password is kept (never truncated).
 *
 * @example
 * normalizePassword('cafe\u0301 au lait!'); // 'café au lait!' in its composed form
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFC');
}

/** The number of code points of a string (`'😀'.length` is 2; this counts 1). */
export function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Why `password` may not be used by the owner of `email`, or undefined when it may:
 * 12 to 128 code points, not common (see {@link isCommonPassword}), and not containing the local
 * part of the email address (when that is 3 characters or more).
 *
 * @example
 * findPasswordWeakness('sunshine2024!!', 'ada@example.com'); // 'common'
 */
export function findPasswordWeakness(password: string, email: string): WeakPasswordReason | undefined {
  const length = countCodePoints(password);
  if (length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (length > PASSWORD_MAX_LENGTH) return 'too-long';
  const lower = password.toLowerCase();
  const local = normalizeEmail(email).split('@')[0] ?? '';
  const localJoined = local.replace(/[._+-]+/g, '');
  const passwordJoined = lower.replace(/[\s._+-]+/g, '');
  if (
    (local.length >= 3 && lower.includes(local)) ||
    (localJoined.length >= 3 && passwordJoined.includes(localJoined))
  ) {
    return 'contains-email';
  }
  if (isCommonPassword(password)) return 'common';
  return undefined;
}

const MESSAGES: Record<WeakPasswordReason, string> = {
  'too-short': `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  'too-long': `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This password is too common; choose one that is harder to guess.',
  'contains-email': 'The password must not contain your email address.',
};

/**
 * Throws `GATE_WEAK_PASSWORD` (with `details.reason`) when {@link findPasswordWeakness} finds one.
 *
 * @example
 * assertPasswordAllowed(password, email);
 */
export function assertPasswordAllowed(password: string, email: string): void {
  const reason = findPasswordWeakness(password, email);
  if (reason) {
    throw new GateError('GATE_WEAK_PASSWORD', MESSAGES[reason], {
      details: { reason, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    });
  }
}
