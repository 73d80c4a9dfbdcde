import { describe, expect, it } from 'vitest';
import { createIdentityCache } from './identity-cache.js';
import type { RequestUser } from './types.js';

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
    cache.set('t1', user('u1', 's1'), 0);
    cache.set('t2', user('u2', 's2'), 0, 500);
    expect(cache.get('t1', 999)?.id).toBe('u1');
    expect(cache.get('t1', 1000)).toBeUndefined();
    expect(cache.get('t2', 499)?.id).toBe('u2');
    expect(cache.get('t2', 500)).toBeUndefined();
  });

  it('forgets by user, by credential id and by credential string', () => {
    const cache = createIdentityCache({ ttlMs: 60_000 });
    cache.set('a', user('u1', 's1'), 0);
    cache.set('b', user('u1', 'k1'), 0);
    cache.set('c', user('u2', 's2'), 0);
    cache.invalidateUser('u1');
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)?.id]).toEqual([
      undefined,
      undefined,
      'u2',
    ]);
    cache.invalidateCredential('s2');
    expect(cache.get('c', 1)).toBeUndefined();
    cache.set('d', user('u3', 's3'), 0);
    cache.forget('d');
    expect(cache.get('d', 1)).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest, and caches nothing with a zero lifetime', () => {
    const cache = createIdentityCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', user('u1', 's1'), 0);
    cache.set('b', user('u2', 's2'), 0);
    cache.set('c', user('u3', 's3'), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.id).toBe('u3');
    const off = createIdentityCache({ ttlMs: 0 });
    off.set('a', user('u1', 's1'), 0);
    expect(off.get('a', 0)).toBeUndefined();
  });
});
