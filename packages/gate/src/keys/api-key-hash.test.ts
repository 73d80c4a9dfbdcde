import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashApiKeySecret, isSameDigest } from './api-key-hash.js';

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

describe('API key secret hashing', () => {
  it('is HMAC-SHA256 with the pepper, in hex', () => {
    const expected = crypto.createHmac('sha256', 'pepper').update('secret').digest('hex');
    expect(hashApiKeySecret('pepper', 'secret')).toBe(expected);
    expect(hashApiKeySecret('pepper', 'secret')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('depends on the pepper', () => {
    expect(hashApiKeySecret('pepper-one', 'secret')).not.toBe(hashApiKeySecret('pepper-two', 'secret'));
  });
});

describe('digest comparison', () => {
  const digest = hashApiKeySecret('pepper', 'secret');

  it('compares equal-length digests with crypto.timingSafeEqual', () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    expect(isSameDigest(digest, digest)).toBe(true);
    expect(isSameDigest(digest, hashApiKeySecret('pepper', 'other'))).toBe(false);
    expect(spy).toHaveBeenCalledTimes(2);
    for (const [left, right] of spy.mock.calls) {
      expect(Buffer.isBuffer(left) && Buffer.isBuffer(right)).toBe(true);
      expect((left as Buffer).length).toBe(32);
      expect((right as Buffer).length).toBe(32);
    }
  });

  it('answers false, without throwing, for different lengths and malformed hex', () => {
    expect(isSameDigest(digest, digest.slice(0, 62))).toBe(false);
    expect(isSameDigest(digest, `${digest}00`)).toBe(false);
    expect(isSameDigest(digest, `${digest.slice(0, 62)}zz`)).toBe(false);
    expect(isSameDigest(digest, 'not hex at all')).toBe(false);
    expect(isSameDigest('', '')).toBe(false);
  });
});
