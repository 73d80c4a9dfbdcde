import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Characters of the public id: 16 base62 characters, about 95 bits, enough to never collide. */
export const API_KEY_ID_LENGTH = 16;
/** Characters of the secret: 43 base62 characters, 256 bits. */
export const API_KEY_SECRET_LENGTH = 43;
/** Characters of the key shown in listings: `svc_` and the first 8 of the public id. */
export const API_KEY_PREFIX_LENGTH = 12;

const KEY_PATTERN = new RegExp(
  `^svc_([0-9A-Za-z]{${API_KEY_ID_LENGTH}})_([0-9A-Za-z]{${API_KEY_SECRET_LENGTH}})$`,
);

/** A key taken apart. */
export interface ApiKeyParts {
  publicId: string;
  secret: string;
}

/**
 * Random base62 text. Rejection sampling (bytes ≥ 248 are dropped) keeps every character
 * equally likely; a plain `byte % 62` would favour the first characters.
 *
 * @example
 * createRandomBase62(16); // 'q3ZbT0xk9LmA1cVe'
 */
export function createRandomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      text += BASE62[byte % 62];
      if (text.length === length) break;
    }
  }
  return text;
}

/**
 * Creates the parts of a new key. Base62 only, so `_` separates the parts unambiguously and a
 * double-click selects the whole key.
 *
 * @example
 * const { publicId, secret } = createApiKeyParts();
 * formatApiKey({ publicId, secret }); // 'svc_q3ZbT0xk9LmA1cVe_…'
 */
export function createApiKeyParts(): ApiKeyParts {
  return {
    publicId: createRandomBase62(API_KEY_ID_LENGTH),
    secret: createRandomBase62(API_KEY_SECRET_LENGTH),
  };
}

/**
 * Writes a key as `svc_<publicId>_<secret>`.
 *
 * @example
 * formatApiKey({ publicId: 'q3ZbT0xk9LmA1cVe', secret }); // 'svc_q3ZbT0xk9LmA1cVe_…'
 */
export function formatApiKey(parts: ApiKeyParts): string {
  return `svc_${parts.publicId}_${parts.secret}`;
}

/**
 * Takes a key apart; undefined for anything that is not exactly a key (length, alphabet, shape).
 *
 * @example
 * parseApiKey('svc_q3ZbT0xk9LmA1cVe_…'); // { publicId: 'q3ZbT0xk9LmA1cVe', secret: '…' }
 * parseApiKey('Bearer nonsense'); // undefined
 */
export function parseApiKey(key: string): ApiKeyParts | undefined {
  const match = KEY_PATTERN.exec(key);
  if (!match) return undefined;
  return { publicId: match[1] as string, secret: match[2] as string };
}

/**
 * The part of a key shown in listings; not enough to use it.
 *
 * @example
 * toApiKeyPrefix('svc_q3ZbT0xk9LmA1cVe_…'); // 'svc_q3ZbT0xk'
 */
export function toApiKeyPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX_LENGTH);
}
