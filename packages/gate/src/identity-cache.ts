import { createHash } from 'node:crypto';
import type { RequestUser } from './types.js';

interface Entry {
  user: RequestUser;
  /** When the entry was made: while invalidations may be missed, only young entries are served. */
  cachedAt: number;
  /** When the entry stops being trusted: the credential's own expiry or the cache lifetime. */
  validUntil: number;
  /** {@link hashCachedCredential} of its credential, to forget it by what other instances say. */
  hash: string;
}

/** The channel a credential arrived on: the session cookie or an API-key header. */
export type CredentialChannel = RequestUser['via'];

/**
 * A credential as the cache knows it: its string *and* the channel it arrived on. The same
 * string on another channel is another credential (a session JWT sent as `x-api-key` must never
 * hit the entry its cookie use left behind).
 */
export interface CachedCredential {
  channel: CredentialChannel;
  value: string;
}

/**
 * Remembers, for a short time, which user a credential (a session token or an API key)
 * resolved to, so a busy client is not re-verified against the database on every request.
 *
 * Entries are keyed by channel and credential together, and an entry is only served to the
 * channel that resolved it. Correctness rests on invalidation, not on the lifetime: every gate
 * operation that changes what a credential may do (logout, revoking a key, a role or password
 * change) invalidates the affected entries at once. The lifetime only bounds how long a change
 * made *outside* this process (another server instance, a manual database edit) can go unseen.
 * Failed lookups are never cached, so random tokens cannot fill it; it holds at most `maxEntries`.
 */
export interface IdentityCache {
  /**
   * The cached user of `credential`; with `maxAgeMs` (the invalidation bus is down), only an
   * entry made less than `maxAgeMs` ago.
   */
  get(credential: CachedCredential, now: number, maxAgeMs?: number): RequestUser | undefined;
  /** Trusts `user` until `now + ttlMs` or `expiresAt` (the credential's own expiry), whichever is first. */
  set(credential: CachedCredential, user: RequestUser, validity: { now: number; expiresAt?: number }): void;
  /** Drops every entry of a user (roles, password, membership or verification changed). */
  invalidateUser(userId: string): void;
  /** Drops the entries of one session or API key by its id. */
  invalidateCredential(credentialId: string): void;
  /** Drops the entry of one credential. */
  forget(credential: CachedCredential): void;
  /** Drops the entry whose credential hashes to `hash` ({@link hashCachedCredential}). */
  forgetHash(hash: string): void;
  /** Drops every entry. */
  clear(): void;
}

/**
 * The one way the gate's services report a change to what a credential may do: the identity
 * cache's invalidation, handed to every service that makes such a change (auth, keys,
 * membership), which calls it before the change returns. The cache never outlives a change made
 * through the gate.
 */
export type IdentityInvalidation = Pick<IdentityCache, 'invalidateUser' | 'invalidateCredential' | 'forget'>;

/** For a service built without a gate (no cache to clear). */
export const NO_IDENTITY_CACHE: IdentityInvalidation = {
  invalidateUser() {},
  invalidateCredential() {},
  forget() {},
};

// The channel names contain no ':', so `channel:value` never collides across channels.
const keyOf = (credential: CachedCredential): string => `${credential.channel}:${credential.value}`;

/**
 * The SHA-256 (hex) of a credential's cache key: how one credential is named to other server
 * instances, so a logout there forgets the entry here without the token crossing the wire.
 *
 * @example
 * hashCachedCredential({ channel: 'session', value: token }); // '3f1c…' (64 hex digits)
 */
export function hashCachedCredential(credential: CachedCredential): string {
  return createHash('sha256').update(keyOf(credential)).digest('hex');
}

/**
 * Creates an identity cache; a `ttlMs` of 0 disables it.
 *
 * @example
 * const cache = createIdentityCache({ ttlMs: 1000 });
 * cache.set({ channel: 'session', value: token }, user, { now: clock.now(), expiresAt });
 */
export function createIdentityCache(options: { ttlMs: number; maxEntries?: number }): IdentityCache {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const drop = (matches: (user: RequestUser) => boolean): void => {
    for (const [credential, entry] of entries) if (matches(entry.user)) entries.delete(credential);
  };
  return {
    get(credential, now, maxAgeMs) {
      if (ttlMs <= 0) return undefined;
      const key = keyOf(credential);
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      // Kept (not deleted): once the bus is back, the entry is as good as before.
      if (maxAgeMs !== undefined && now - entry.cachedAt >= maxAgeMs) return undefined;
      // Belt and braces: an entry resolved on one channel is never handed to another.
      if (now >= entry.validUntil || entry.user.via !== credential.channel) {
        entries.delete(key);
        return undefined;
      }
      return entry.user;
    },
    set(credential, user, { now, expiresAt }) {
      if (ttlMs <= 0 || user.via !== credential.channel) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(keyOf(credential), {
        user,
        cachedAt: now,
        validUntil: Math.min(now + ttlMs, expiresAt ?? Number.POSITIVE_INFINITY),
        hash: hashCachedCredential(credential),
      });
    },
    invalidateUser: (userId) => drop((user) => user.id === userId),
    invalidateCredential: (credentialId) => drop((user) => user.credentialId === credentialId),
    forget: (credential) => {
      entries.delete(keyOf(credential));
    },
    forgetHash: (hash) => {
      for (const [credential, entry] of entries) if (entry.hash === hash) entries.delete(credential);
    },
    clear: () => entries.clear(),
  };
}
