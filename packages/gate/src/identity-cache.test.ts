import { describe, expect, it } from 'vitest';
import { createIdentityCache, hashCachedCredential } from './identity-cache.js';
import type { RequestUser } from './types.js';

const session = (value: string) => ({ channel: 'session' as const, value });

const user = (id: string, credentialId: string): RequestUser => ({
  id,
  email: `${id}@example.com`,
  roles: ['member'],
  permissions: [],
  membership: { plan: null, status: 'none', features: [], periodEnd: null },
  isAdmin: false,
  isDeveloper: false,
  isStaff: false,
  emailVerified: true,
  via: 'session',
  credentialId,
});

describe('identity cache', () => {
  it('serves an entry until its lifetime or the credential expiry, whichever is first', () => {
    const cache = createIdentityCache({ ttlMs: 1000 });
    cache.set(session('t1'), user('u1', 's1'), { now: 0 });
    cache.set(session('t2'), user('u2', 's2'), { now: 0, expiresAt: 500 });
    expect(cache.get(session('t1'), 999)?.id).toBe('u1');
    expect(cache.get(session('t1'), 1000)).toBeUndefined();
    expect(cache.get(session('t2'), 499)?.id).toBe('u2');
    expect(cache.get(session('t2'), 500)).toBeUndefined();
  });

  it('forgets by user, by credential id and by credential string', () => {
    const cache = createIdentityCache({ ttlMs: 60_000 });
    cache.set(session('a'), user('u1', 's1'), { now: 0 });
    cache.set(session('b'), user('u1', 'k1'), { now: 0 });
    cache.set(session('c'), user('u2', 's2'), { now: 0 });
    cache.invalidateUser('u1');
    expect([cache.get(session('a'), 1), cache.get(session('b'), 1), cache.get(session('c'), 1)?.id]).toEqual([
      undefined,
      undefined,
      'u2',
    ]);
    cache.invalidateCredential('s2');
    expect(cache.get(session('c'), 1)).toBeUndefined();
    cache.set(session('d'), user('u3', 's3'), { now: 0 });
    cache.forget(session('d'));
    expect(cache.get(session('d'), 1)).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest, and caches nothing with a zero lifetime', () => {
    const cache = createIdentityCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set(session('a'), user('u1', 's1'), { now: 0 });
    cache.set(session('b'), user('u2', 's2'), { now: 0 });
    cache.set(session('c'), user('u3', 's3'), { now: 0 });
    expect(cache.get(session('a'), 1)).toBeUndefined();
    expect(cache.get(session('c'), 1)?.id).toBe('u3');
    const off = createIdentityCache({ ttlMs: 0 });
    off.set(session('a'), user('u1', 's1'), { now: 0 });
    expect(off.get(session('a'), 0)).toBeUndefined();
  });

  it('keys entries by channel: a session entry is never served to the same string as an API key', () => {
    const cache = createIdentityCache({ ttlMs: 60_000 });
    cache.set(session('jwt'), user('u1', 's1'), { now: 0 });
    expect(cache.get({ channel: 'api-key', value: 'jwt' }, 1)).toBeUndefined();
    expect(cache.get(session('jwt'), 1)?.id).toBe('u1');
    // A user resolved on one channel is never stored under another.
    cache.set({ channel: 'api-key', value: 'jwt2' }, user('u2', 's2'), { now: 0 });
    expect(cache.get({ channel: 'api-key', value: 'jwt2' }, 1)).toBeUndefined();
  });

  it('forgets one credential by the hash of its key, serves only young entries on request, and clears', () => {
    const cache = createIdentityCache({ ttlMs: 60_000 });
    cache.set(session('a'), user('u1', 's1'), { now: 0 });
    cache.set(session('b'), user('u2', 's2'), { now: 0 });
    expect(hashCachedCredential(session('a'))).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCachedCredential(session('a'))).not.toBe(
      hashCachedCredential({ channel: 'api-key', value: 'a' }),
    );
    cache.forgetHash(hashCachedCredential(session('a')));
    expect(cache.get(session('a'), 1)).toBeUndefined();
    expect(cache.get(session('b'), 999, 1000)?.id).toBe('u2');
    expect(cache.get(session('b'), 1000, 1000)).toBeUndefined();
    expect(cache.get(session('b'), 1000)?.id).toBe('u2');
    cache.clear();
    expect(cache.get(session('b'), 1001)).toBeUndefined();
  });
});
