import { GateError } from '../errors.js';
import type { SessionClaims } from '../ports/session-tokens.js';

/** The one signature algorithm of session tokens. */
export const SESSION_TOKEN_ALGORITHM = 'HS256';

/** A session JWT is a few hundred bytes; anything far larger is refused before any work. */
export const MAX_SESSION_TOKEN_LENGTH = 2048;

/** Every session token carries exactly these claims, all required. */
export const SESSION_CLAIM_NAMES = ['sid', 'sub', 'iat', 'exp'] as const;

/** RFC 7518 §3.2: an HS256 key is at least as long as the hash, 256 bits. */
export const MIN_SESSION_SECRET_BYTES = 32;

/** A decoded token whose signature the implementation has already checked. */
export interface SignatureCheckedToken {
  header: unknown;
  payload: unknown;
  /** The signature segment as it appeared in the token. */
  signature: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * True when `segment` is the one canonical base64url spelling of its bytes: no padding, no
 * stray bits in the last character. Decoders accept the other spellings, so without this one
 * token would have several.
 */
export function isCanonicalBase64Url(segment: string): boolean {
  return BASE64URL.test(segment) && Buffer.from(segment, 'base64url').toString('base64url') === segment;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The algorithm is pinned: `alg: HS256` and nothing else but an optional `typ: JWT`.
function isPinnedHeader(header: unknown): boolean {
  if (!isRecord(header) || header.alg !== SESSION_TOKEN_ALGORITHM) return false;
  if ('typ' in header && header.typ !== 'JWT') return false;
  return Object.keys(header).every((key) => key === 'alg' || key === 'typ');
}

function isNumericDate(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The session claims of a token whose signature was checked, or null when the gate's rules
 * refuse it: a header other than `alg: HS256` (+ `typ: JWT`), a non-canonical signature segment,
 * a missing or mistyped claim, or `now` (epoch ms) at or past `exp` — RFC 7519 §4.1.4 wants the
 * current time *before* `exp`, and there is no clock tolerance (the server issuing the token is
 * the one verifying it, and the session row's expiry is checked without one anyway). Every
 * `SessionTokens` implementation ends here, whatever library checked the signature.
 *
 * @example
 * const claims = readSessionClaims({ header, payload, signature }, clock.now());
 */
export function readSessionClaims(token: SignatureCheckedToken, now: number): SessionClaims | null {
  if (!isPinnedHeader(token.header) || !isCanonicalBase64Url(token.signature)) return null;
  if (!isRecord(token.payload)) return null;
  const { sid, sub, iat, exp } = token.payload;
  if (typeof sid !== 'string' || sid === '' || typeof sub !== 'string' || sub === '') return null;
  if (!isNumericDate(iat) || !isNumericDate(exp)) return null;
  if (exp * 1000 <= now) return null;
  return { sid, sub, iat, exp };
}

/**
 * Throws `GATE_NOT_CONFIGURED` unless `secret` is at least {@link MIN_SESSION_SECRET_BYTES}
 * bytes of UTF-8: implementations call it when they are built, so a missing or short secret
 * stops the start instead of signing weak tokens.
 *
 * @example
 * assertSessionSecret(config.jwtSecret);
 */
export function assertSessionSecret(secret: unknown): asserts secret is string {
  if (typeof secret !== 'string' || Buffer.byteLength(secret, 'utf8') < MIN_SESSION_SECRET_BYTES) {
    throw new GateError(
      'GATE_NOT_CONFIGURED',
      `The session token secret (jwtSecret, JWT_SECRET) must be at least ${MIN_SESSION_SECRET_BYTES} bytes long.`,
    );
  }
}
