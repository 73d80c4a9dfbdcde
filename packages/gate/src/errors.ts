/**
 * Every error code the gate can raise. Codes are transport-free: the server owns the one table
 * that maps each of them to an HTTP status (apps/server/src/errors/status-table.ts), typed
 * against this list so a new code cannot be left unmapped.
 */
export const GATE_ERROR_CODES = [
  // 400 — the request is malformed or breaks a rule
  'GATE_INVALID_INPUT',
  'GATE_WEAK_PASSWORD',
  'GATE_EMAIL_CONFUSABLE',
  'GATE_TOKEN_INVALID',
  'GATE_INVALID_COLLECTION',
  'GATE_INVALID_FIELD',
  'GATE_INVALID_CURSOR',
  // issue 27, recovery: a reset link spent or past its time (an unknown one is GATE_TOKEN_INVALID)
  'GATE_RESET_TOKEN_USED',
  'GATE_RESET_TOKEN_EXPIRED',
  // passkeys (issue 27): a ceremony's challenge, and a registration the library refused
  'GATE_PASSKEY_CHALLENGE_INVALID',
  'GATE_PASSKEY_REJECTED',
  // 401 — no or bad credentials
  'GATE_UNAUTHENTICATED',
  'GATE_INVALID_CREDENTIALS',
  'GATE_EMAIL_NOT_VERIFIED',
  'GATE_SESSION_INVALID',
  'GATE_API_KEY_INVALID',
  // passkeys (issue 27): a sign-in the passkey could not prove
  'GATE_PASSKEY_SIGN_IN_FAILED',
  // 402 — payment or balance needed (membership, wallet, meter)
  'GATE_PAYMENT_REQUIRED',
  'GATE_INSUFFICIENT_BALANCE',
  // 403 — authenticated but not allowed
  'GATE_FORBIDDEN',
  'GATE_CROSS_SITE_REQUEST',
  'GATE_MEMBERSHIP_REQUIRED',
  'GATE_ACCOUNT_DISABLED',
  // 404
  'GATE_NOT_FOUND',
  // 409
  'GATE_EMAIL_TAKEN',
  'GATE_CONFLICT',
  'GATE_LAST_ADMIN',
  // leaving (issue 27): a paid subscription still renews, so the account cannot be deleted yet
  'GATE_SUBSCRIPTION_ACTIVE',
  // leaving, an account without a password (single sign-on): 401 its session is not a recent sign-in
  'GATE_RECENT_SIGN_IN_REQUIRED',
  // 413 — a stored-bytes quota would be exceeded
  'GATE_QUOTA_EXCEEDED',
  // 429
  'GATE_RATE_LIMITED',
  // 501
  'GATE_NOT_CONFIGURED',
  // Second factor (issue 27, h27-mfa): 400 a wrong code while managing it; 401 a sign-in challenge
  // that is unknown, used, expired or out of attempts.
  'GATE_SECOND_FACTOR_CODE_INVALID',
  'GATE_SECOND_FACTOR_CHALLENGE_INVALID',
  // single sign-on (issue 27, sso): 403 unverified provider email; 409 existing account, identity
  // taken, last sign-in method; 400 a callback that fails the protocol's checks; 502 provider down
  'GATE_SSO_EMAIL_NOT_VERIFIED',
  'GATE_SSO_ACCOUNT_EXISTS',
  'GATE_SSO_IDENTITY_TAKEN',
  'GATE_SSO_LAST_SIGN_IN_METHOD',
  'GATE_SSO_CALLBACK_INVALID',
  'GATE_SSO_PROVIDER_UNAVAILABLE',
  // 409: removing the last passkey of an account with neither a password nor a provider
  'GATE_PASSKEY_LAST_SIGN_IN_METHOD',
] as const;

export type GateErrorCode = (typeof GATE_ERROR_CODES)[number];

/**
 * An expected failure of a gate operation: a stable `code`, a human message safe to show to the
 * caller, optional `details` (field errors, shortfalls) and the underlying `cause`.
 *
 * @example
 * throw new GateError('GATE_NOT_FOUND', 'No such document.');
 */
export class GateError extends Error {
  readonly code: GateErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: GateErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GateError';
    this.code = code;
    this.details = options.details;
  }
}

/** True when `value` is a {@link GateError}. */
export function isGateError(value: unknown): value is GateError {
  return value instanceof GateError;
}
