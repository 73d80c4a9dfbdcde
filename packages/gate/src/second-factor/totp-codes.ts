import { Secret, TOTP } from 'otpauth';

/**
 * The TOTP rule (RFC 6238): SHA-1, 6 digits, 30-second steps, a code of the step before or after
 * accepted too (clocks drift), each step's code accepted once.
 */
export const TOTP_RULE = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, window: 1 } as const;

/** A secret being enrolled: the base32 key a person may type, and the URI their app scans. */
export interface TotpEnrolment {
  secret: string;
  otpauthUri: string;
}

function totpOf(secretBase32: string, label = 'account', issuer = 'svc'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: TOTP_RULE.algorithm,
    digits: TOTP_RULE.digits,
    period: TOTP_RULE.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * A fresh 160-bit secret and its `otpauth://` URI labelled with the account's email.
 *
 * @example
 * const { secret, otpauthUri } = createTotpEnrolment({ email: 'ada@example.com', issuer: 'svc' });
 */
export function createTotpEnrolment(input: { email: string; issuer: string }): TotpEnrolment {
  return describeTotpEnrolment({ ...input, secret: new Secret({ size: 20 }).base32 });
}

/** The enrolment of an existing secret (shown again while it waits for its first code). */
export function describeTotpEnrolment(input: {
  secret: string;
  email: string;
  issuer: string;
}): TotpEnrolment {
  return { secret: input.secret, otpauthUri: totpOf(input.secret, input.email, input.issuer).toString() };
}

/** The 30-second step `now` falls in. */
export function totpStepAt(now: number): number {
  return Math.floor(now / 1000 / TOTP_RULE.periodSeconds);
}

/**
 * The step a code belongs to when it is valid at `now` (within one step either side), or
 * undefined. Codes are compared in constant time by the library.
 *
 * @example
 * const step = matchTotpCode({ secret, code: '123456', now: clock.now() });
 */
export function matchTotpCode(input: { secret: string; code: string; now: number }): number | undefined {
  const code = input.code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(input.secret).validate({
    token: code,
    timestamp: input.now,
    window: TOTP_RULE.window,
  });
  return delta === null ? undefined : totpStepAt(input.now) + delta;
}

/**
 * The code of `secret` at `now`, as an authenticator app shows it (tests and the CLI use it).
 *
 * @example
 * const code = generateTotpCode({ secret, now: Date.now() });
 */
export function generateTotpCode(input: { secret: string; now: number }): string {
  return totpOf(input.secret).generate({ timestamp: input.now });
}
