import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The stored form of a key's secret: HMAC-SHA256 keyed with the server pepper, hex. A stolen
 * table is useless without the pepper, and the secret (256 random bits) needs no slow hash.
 *
 * @example
 * hashApiKeySecret(config.apiKeyPepper, parts.secret); // '5f0c…' (64 hex characters)
 */
export function hashApiKeySecret(pepper: string, secret: string): string {
  return createHmac('sha256', pepper).update(secret, 'utf8').digest('hex');
}

/**
 * Compares two hex digests in constant time. Both are decoded to bytes first and must have the
 * same length (as `timingSafeEqual` demands); a length mismatch or a malformed digest is simply
 * unequal, never a throw.
 *
 * @example
 * isSameDigest(hashApiKeySecret(pepper, secret), row.secret_hash); // true for the right secret
 */
export function isSameDigest(expectedHex: string, actualHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(actualHex, 'hex');
  // Buffer.from(…, 'hex') stops at the first bad character, so check the round trip too.
  if (
    expected.length === 0 ||
    expected.length * 2 !== expectedHex.length ||
    actual.length * 2 !== actualHex.length
  ) {
    return false;
  }
  if (expected.length !== actual.length) return false;
  return timingSafeEqual(expected, actual);
}
