import type { Selectable } from 'kysely';
import { type AccessControl, createAccessControl } from '../access/access-control.js';
import type { ApiKeysTable } from '../db/schema.js';
import { GateError } from '../errors.js';
import { type IdentityInvalidation, NO_IDENTITY_CACHE } from '../identity-cache.js';
import type { GateDeps, RequestUser } from '../types.js';
import { parseRoles, type UserRecord } from '../users/user-records.js';
import { createApiKeyParts, formatApiKey, parseApiKey, toApiKeyPrefix } from './api-key-format.js';
import { hashApiKeySecret, isSameDigest } from './api-key-hash.js';

/** An API key as its owner sees it: never the secret, never its hash. */
export interface PublicApiKey {
  /** The public id (the middle part of the key); used by `DELETE /keys/{id}`. */
  id: string;
  userId: string;
  name: string;
  /** The first characters of the key, to recognise it. */
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** The answer of {@link KeyService.verify}: nothing says which part of a bad key was wrong. */
export interface KeyVerification {
  valid: boolean;
  keyId?: string;
  userId?: string;
}

/** API keys: created by developers, listed and revoked by their owner (or an admin), resolved on requests. */
export interface KeyService {
  /** Creates a key for `user` (a developer, signed in with a session). The key is in this answer only. */
  create(input: { user: RequestUser | null; name: string }): Promise<{ key: string; apiKey: PublicApiKey }>;
  /** The caller's live keys, newest first; `all` (admins only) lists every user's. */
  list(input: { user: RequestUser | null; all?: boolean }): Promise<PublicApiKey[]>;
  /** Revokes a key at once. Another user's key is GATE_NOT_FOUND unless the caller is an admin. */
  remove(input: { user: RequestUser | null; id: string }): Promise<void>;
  /** Checks a key without saying why a bad one is bad. */
  verify(input: { key: string }): Promise<KeyVerification>;
  /** The user a raw key authenticates (roles read now), or null for anything else. */
  resolve(rawKey: string): Promise<{ user: UserRecord; keyId: string } | null>;
}

/** Live keys one user may hold; past it, creating answers GATE_CONFLICT. */
export const MAX_API_KEYS_PER_USER = 100;
/** `last_used_at` is written at most this often per key, so resolving stays a read. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const NAME_MAX = 100;
// Control characters would corrupt listings and log lines.
const CONTROL_CHARACTERS = /\p{Cc}/u;

function toPublicApiKey(row: Selectable<ApiKeysTable>): PublicApiKey {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    prefix: row.prefix,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

function readName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length < 1 || trimmed.length > NAME_MAX || CONTROL_CHARACTERS.test(trimmed)) {
    throw new GateError('GATE_INVALID_INPUT', `A key name is 1 to ${NAME_MAX} printable characters.`, {
      details: { field: 'name' },
    });
  }
  return trimmed;
}

/**
 * Creates the API-key service. Keys are `svc_<publicId>_<secret>`; only
 * HMAC-SHA256(pepper, secret) and a display prefix are stored.
 *
 * @example
 * const keys = createKeyService(deps, { access, identities: cache });
 * const { key } = await keys.create({ user: developer, name: 'CI' });
 * (await keys.resolve(key))?.user.id === developer.id; // true
 */
export function createKeyService(
  deps: GateDeps,
  shared: { access?: AccessControl; identities?: IdentityInvalidation } = {},
): KeyService {
  const { db, clock, config } = deps;
  const access: AccessControl = shared.access ?? createAccessControl(config.rolePermissions);
  const identities = shared.identities ?? NO_IDENTITY_CACHE;

  async function resolve(rawKey: string): Promise<{ user: UserRecord; keyId: string } | null> {
    const parts = typeof rawKey === 'string' ? parseApiKey(rawKey) : undefined;
    if (!parts) return null;
    const presented = hashApiKeySecret(config.apiKeyPepper, parts.secret);
    const row = await db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select([
        'api_keys.id as key_id',
        'api_keys.secret_hash',
        'api_keys.revoked_at',
        'api_keys.last_used_at',
        'users.id as user_id',
        'users.email',
        'users.roles',
        'users.email_verified_at',
        'users.created_at',
        'users.disabled_at',
      ])
      .where('api_keys.id', '=', parts.publicId)
      .executeTakeFirst();
    if (!row || !isSameDigest(row.secret_hash, presented) || row.revoked_at !== null) return null;
    // A disabled account's keys stay (re-enabling brings them back) but authenticate nothing.
    if (row.disabled_at !== null) return null;
    const now = clock.now();
    if (row.last_used_at === null || now - Number(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
      // Conditional, so concurrent requests write at most once per window.
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', row.key_id)
        .where((eb) =>
          eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - LAST_USED_RESOLUTION_MS)]),
        )
        .execute();
    }
    const user: UserRecord = {
      id: row.user_id,
      email: row.email,
      roles: parseRoles(row.roles),
      emailVerified: row.email_verified_at !== null,
      createdAt: Number(row.created_at),
    };
    return { user, keyId: row.key_id };
  }

  return {
    async create({ user, name }) {
      access.requireDeveloper(user);
      // A leaked key must not be able to mint keys that outlive its own revocation.
      if (user.via === 'api-key')
        throw new GateError('GATE_FORBIDDEN', 'Sign in with a session to create API keys.');
      const keyName = readName(name);
      const live = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(live.count) >= MAX_API_KEYS_PER_USER) {
        throw new GateError(
          'GATE_CONFLICT',
          `A user holds at most ${MAX_API_KEYS_PER_USER} API keys; delete one first.`,
        );
      }
      const parts = createApiKeyParts();
      const key = formatApiKey(parts);
      const row: Selectable<ApiKeysTable> = {
        id: parts.publicId,
        user_id: user.id,
        name: keyName,
        secret_hash: hashApiKeySecret(config.apiKeyPepper, parts.secret),
        prefix: toApiKeyPrefix(key),
        created_at: clock.now(),
        last_used_at: null,
        revoked_at: null,
      };
      await db.insertInto('api_keys').values(row).execute();
      return { key, apiKey: toPublicApiKey(row) };
    },

    async list({ user, all = false }) {
      access.requireAuth(user);
      if (all && !user.isAdmin) throw new GateError('GATE_FORBIDDEN', 'Only admins can list every key.');
      let query = db.selectFrom('api_keys').selectAll().where('revoked_at', 'is', null);
      if (!all) query = query.where('user_id', '=', user.id);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toPublicApiKey);
    },

    async remove({ user, id }) {
      access.requireAuth(user);
      const row = await db
        .selectFrom('api_keys')
        .select(['id', 'user_id'])
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Someone else's key looks exactly like a missing one: no oracle for guessing ids.
      if (!row || (row.user_id !== user.id && !user.isAdmin))
        throw new GateError('GATE_NOT_FOUND', 'No such API key.');
      await db.updateTable('api_keys').set({ revoked_at: clock.now() }).where('id', '=', row.id).execute();
      identities.invalidateCredential(row.id);
    },

    async verify({ key }) {
      const resolved = await resolve(key);
      return resolved ? { valid: true, keyId: resolved.keyId, userId: resolved.user.id } : { valid: false };
    },

    resolve,
  };
}
