import { describe, expect, it } from 'vitest';
import {
  API_KEY_ID_LENGTH,
  API_KEY_SECRET_LENGTH,
  createApiKeyParts,
  createRandomBase62,
  formatApiKey,
  parseApiKey,
  toApiKeyPrefix,
} from './api-key-format.js';

describe('API key format', () => {
  it('writes svc_<publicId>_<secret> in base62 and reads it back', () => {
    const parts = createApiKeyParts();
    const key = formatApiKey(parts);
    expect(key).toMatch(/^svc_[0-9A-Za-z]{16}_[0-9A-Za-z]{43}$/);
    expect(parseApiKey(key)).toEqual(parts);
    expect(parts.publicId).toHaveLength(API_KEY_ID_LENGTH);
    expect(parts.secret).toHaveLength(API_KEY_SECRET_LENGTH);
  });

  it('shows only svc_ and the start of the public id as the prefix', () => {
    const key = formatApiKey(createApiKeyParts());
    const prefix = toApiKeyPrefix(key);
    expect(prefix).toBe(key.slice(0, 12));
    expect(prefix.startsWith('svc_')).toBe(true);
  });

  it('refuses anything that is not exactly a key', () => {
    const { publicId, secret } = createApiKeyParts();
    for (const bad of [
      '',
      'svc_',
      `svc_${publicId}`,
      `svc_${publicId}_${secret}x`,
      `svc_${publicId}_${secret.slice(1)}`,
      `svc_${publicId}_${secret.slice(1)}_`,
      `svc_${publicId}_${secret.slice(1)}-`,
      `xvc_${publicId}_${secret}`,
      ` svc_${publicId}_${secret}`,
      `svc_${publicId}_${secret}\n`,
      `svc_${publicId.slice(1)}__${secret}`,
    ]) {
      expect(parseApiKey(bad)).toBeUndefined();
    }
  });

  it('draws every base62 character, and keys never repeat', () => {
    const seen = new Set(createRandomBase62(5000));
    expect(seen.size).toBe(62);
    const ids = new Set(Array.from({ length: 1000 }, () => createApiKeyParts().publicId));
    expect(ids.size).toBe(1000);
  });
});
