import { createHmac, timingSafeEqual } from 'node:crypto';

/** The claims of a session token. Times are NumericDate: seconds since the epoch. */
export interface SessionClaims {
  /** Session id: the sessions row that must still be live. */
  sid: string;
  /** User id. */
  sub: string;
  iat: number;
  exp: number;
}

/** A session JWT is a few hundred bytes; anything far larger is refused before any work. */
const MAX_TOKEN_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HEADER = encodeSegment({ alg: 'HS256', typ: 'JWT' });

function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

// Strict: only the base64url alphabet, and the segment must be the canonical encoding of its
// bytes, so one token has exactly one spelling.
function decodeSegment(segment: string): Buffer | undefined {
  if (!BASE64URL.test(segment)) return undefined;
  const bytes = Buffer.from(segment, 'base64url');
  return bytes.toString('base64url') === segment ? bytes : undefined;
}

function parseObject(segment: string): Record<string, unknown> | undefined {
  const bytes = decodeSegment(segment);
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

// The algorithm is pinned: the header must say HS256 and nothing else but an optional `typ: JWT`.
// `none`, HS512, RS256 and headers carrying `kid`, `jku`, `crit`… are refused before verifying.
function isPinnedHeader(header: Record<string, unknown>): boolean {
  const keys = Object.keys(header);
  if (header.alg !== 'HS256') return false;
  if ('typ' in header && header.typ !== 'JWT') return false;
  return keys.every((key) => key === 'alg' || key === 'typ');
}

function isNumericDate(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Signs session claims as a compact JWT with HMAC-SHA256 (the only algorithm the gate accepts).
 *
 * @example
 * const token = signSessionToken({ sid, sub: user.id, iat: 1767225600, exp: 1767830400 }, secret);
 */
export function signSessionToken(claims: SessionClaims, secret: string): string {
  const payload = encodeSegment({ sid: claims.sid, sub: claims.sub, iat: claims.iat, exp: claims.exp });
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

/**
 * Verifies a session JWT and returns its claims, or null for anything not valid now: malformed,
 * another algorithm or `none`, a bad signature (compared in constant time), a missing or past
 * `exp`, a missing `sid`/`sub`. Never throws, whatever the input.
 *
 * @example
 * const claims = verifySessionToken(cookie, secret, clock.now());
 * if (claims) loadSession(claims.sid);
 */
export function verifySessionToken(token: unknown, secret: string, nowMs: number): SessionClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerSegment, payloadSegment, signatureSegment] = parts as [string, string, string];
  const header = parseObject(headerSegment);
  if (!header || !isPinnedHeader(header)) return null;
  const signature = decodeSegment(signatureSegment);
  const expected = sign(`${headerSegment}.${payloadSegment}`, secret);
  if (!signature || signature.length !== expected.length || !timingSafeEqual(signature, expected))
    return null;
  const payload = parseObject(payloadSegment);
  if (!payload) return null;
  const { sid, sub, iat, exp } = payload;
  if (typeof sid !== 'string' || sid === '' || typeof sub !== 'string' || sub === '') return null;
  if (!isNumericDate(iat) || !isNumericDate(exp)) return null;
  if (exp * 1000 <= nowMs) return null;
  return { sid, sub, iat, exp };
}
