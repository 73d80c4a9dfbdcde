import type { RequestUser } from './types.js';

interface Entry {
  user: RequestUser;
  /** When the entry stops being trusted: the credential's own expiry or the cache lifetime. */
  validUntil: number;
}

/**
 * Remembers, for a short time, which user a credential (a session token or an API key)
 * resolved to, so a busy client is not re-verified against the database on every request.
 *
 * Correctness rests on invalidation, not on the lifetime: every gate operation that changes
 * what a credential may do (logout, revoking a key, a role or password change) invalidates the
 * affected entries at once. The lifetime only bounds how long a change made *outside* this
 * process (another server instance, a manual database edit) can go unseen. Failed lookups are
 * never cached, so random tokens cannot fill it; it holds at most `maxEntries`.
 */
export interface IdentityCache {
  get(credential: string, now: number): RequestUser | undefined;
  set(credential: string, user: RequestUser, now: number, expiresAt?: number): void;
  /** Drops every entry of a user (roles, password, membership or verification changed). */
  invalidateUser(userId: string): void;
  /** Drops the entries of one session or API key by its id. */
  invalidateCredential(credentialId: string): void;
  /** Drops the entry of one credential string. */
  forget(credential: string): void;
}

/**
 * Creates an identity cache; a `ttlMs` of 0 disables it.
 *
 * @example
 * const cache = createIdentityCache({ ttlMs: 1000 });
 * cache.set(token, user, clock.now(), sessionExpiresAt);
 */
export function createIdentityCache(options: { ttlMs: number; maxEntries?: number }): IdentityCache {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const drop = (matches: (user: RequestUser) => boolean): void => {
    for (const [credential, entry] of entries) if (matches(entry.user)) entries.delete(credential);
  };
  return {
    get(credential, now) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(credential);
      if (entry === undefined) return undefined;
      if (now >= entry.validUntil) {
        entries.delete(credential);
        return undefined;
      }
      return entry.user;
    },
    set(credential, user, now, expiresAt) {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(credential, {
        user,
        validUntil: Math.min(now + ttlMs, expiresAt ?? Number.POSITIVE_INFINITY),
      });
    },
    invalidateUser: (userId) => drop((user) => user.id === userId),
    invalidateCredential: (credentialId) => drop((user) => user.credentialId === credentialId),
    forget: (credential) => {
      entries.delete(credential);
    },
  };
}
