import { GateError } from '../errors.js';
import type { RequestUser } from '../types.js';

/** A collection name: lower-case letter first, then lower-case letters, digits and `_`; 1–63 chars. */
export const COLLECTION_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/** A field name usable in filters and sort keys: an identifier of 1–64 ASCII chars. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Collections nobody reaches through the data route, admins included: the gate's own tables and
 * the collections the gate (or the membership and wallet modules) keeps for itself. Documents
 * live in one `documents` table, so these names could never reach those tables anyway; the list
 * keeps the namespace reserved, so no user can plant a `users` or `wallets` collection that some
 * later code mistakes for the real thing.
 */
export const DENIED_COLLECTIONS = [
  'users',
  'sessions',
  'verification_tokens',
  'api_keys',
  'keys',
  'documents',
  'wallets',
  'wallet',
  'wallet_ledger',
  'ledger',
  'token_ledger',
  'tokens',
  'payment_events',
  'payments',
  'memberships',
  'membership',
] as const;

/** Name prefixes reserved like {@link DENIED_COLLECTIONS}: gate internals, migrations, system catalogs. */
export const DENIED_COLLECTION_PREFIXES = ['gate_', 'kysely_', 'sqlite_', 'pg_'] as const;

/**
 * Collections only admins reach (read and write): `meter_rules` decides what runs cost, so a
 * member must neither read nor plant one.
 */
export const ADMIN_ONLY_COLLECTIONS = ['meter_rules'] as const;

/** Throws `GATE_INVALID_COLLECTION` unless `name` matches {@link COLLECTION_NAME_PATTERN}. */
export function assertCollectionName(name: string): void {
  if (typeof name !== 'string' || !COLLECTION_NAME_PATTERN.test(name)) {
    throw new GateError(
      'GATE_INVALID_COLLECTION',
      'A collection name is 1–63 characters: a lower-case letter, then lower-case letters, digits or "_".',
    );
  }
}

/** True when `name` is on the deny list or starts with a reserved prefix (for everyone). */
export function isDeniedCollection(name: string): boolean {
  return (
    (DENIED_COLLECTIONS as readonly string[]).includes(name) ||
    DENIED_COLLECTION_PREFIXES.some((prefix) => name.startsWith(prefix))
  );
}

/**
 * Validates a collection name and checks `user` may reach it at all (before any per-document
 * check): 400 `GATE_INVALID_COLLECTION` for a malformed name, 403 `GATE_FORBIDDEN` for a denied
 * one, and for an admin-only one 401 `GATE_UNAUTHENTICATED` (anonymous) or 403 (not an admin).
 *
 * @example
 * assertCollectionAccess(member, 'notes'); // fine
 * assertCollectionAccess(admin, 'users'); // throws GATE_FORBIDDEN
 */
export function assertCollectionAccess(user: RequestUser | null, name: string): void {
  assertCollectionName(name);
  if (isDeniedCollection(name)) {
    throw new GateError(
      'GATE_FORBIDDEN',
      `The collection "${name}" is reserved and cannot be reached through the data route.`,
    );
  }
  if ((ADMIN_ONLY_COLLECTIONS as readonly string[]).includes(name)) {
    if (user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in to use this collection.');
    if (!user.isAdmin)
      throw new GateError('GATE_FORBIDDEN', `The collection "${name}" is reserved for admins.`);
  }
}

/**
 * Throws `GATE_INVALID_FIELD` unless `name` matches {@link FIELD_NAME_PATTERN}. Field names are
 * checked before they go anywhere near SQL, and even then only as bound parameters.
 *
 * @example
 * assertFieldName('score'); // fine
 * assertFieldName('a.b'); // throws GATE_INVALID_FIELD
 */
export function assertFieldName(name: string): void {
  if (typeof name !== 'string' || !FIELD_NAME_PATTERN.test(name)) {
    throw new GateError(
      'GATE_INVALID_FIELD',
      'A field name is 1–64 characters: a letter or "_", then letters, digits or "_".',
      {
        details: { field: typeof name === 'string' ? name.slice(0, 80) : String(name) },
      },
    );
  }
}
