import { createHmac } from 'node:crypto';

function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/**
 * A JWT with any header and payload, signed with HMAC (`sha256` for HS256, `sha384`, `sha512`)
 * under `secret` — what an attacker who knows the secret, or one who guesses the format, could
 * send. With `{ alg: 'HS256', typ: 'JWT' }` and the four claims in order it is exactly how the
 * gate signed session tokens before the `SessionTokens` port existed.
 *
 * @example
 * const hs512 = forgeSessionToken({ alg: 'HS512', typ: 'JWT' }, claims, secret, 'sha512');
 */
export function forgeSessionToken(
  header: unknown,
  payload: unknown,
  secret: string,
  hash: 'sha256' | 'sha384' | 'sha512' = 'sha256',
): string {
  const input = `${encodeSegment(header)}.${encodeSegment(payload)}`;
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
}

/** A token part as JSON, `undefined` when it does not decode. */
export function decodeTokenSegment(segment: string | undefined): unknown {
  try {
    return JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A session token minted by the gate's hand-written signer before the `SessionTokens` port
 * (`signSessionToken`, unchanged from the first release to this change), with its secret and
 * claims: every implementation must accept it while it is valid and sign its claims to the
 * same bytes, so sessions opened before an upgrade stay open.
 */
export const LEGACY_SESSION_TOKEN = {
  secret: 'a-test-secret-that-is-at-least-32-bytes-long',
  claims: {
    sid: 'dL2aUhN2p7Q5dJw3cX0tYyb8nFqk1m3R',
    sub: '7fa4c1ab-9d61-4128-aff0-0d3724fbf904',
    iat: 1767225600,
    exp: 1767830400,
  },
  token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiJkTDJhVWhOMnA3UTVkSnczY1gwdFl5YjhuRnFrMW0zUiIsInN1YiI6IjdmYTRjMWFiLTlkNjEtNDEyOC1hZmYwLTBkMzcyNGZiZjkwNCIsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjoxNzY3ODMwNDAwfQ.zurWNQYRCq1NuBmIqeLvTVxmy6NDzzxvb48CwkgD76I',
} as const;
