import type { RequestUser } from '../types.js';

/** Who may see a document besides its owner and the admins. */
export const VISIBILITIES = ['private', 'public', 'unlisted'] as const;

/**
 * - `private`: the owner and admins only; anyone else is told the document does not exist.
 * - `public`: anyone reads it (anonymous callers too) and it appears in everyone's listings.
 * - `unlisted`: anyone who has the id reads it, but it appears only in the owner's (and admins')
 *   listings.
 */
export type Visibility = (typeof VISIBILITIES)[number];

/** The two facts the ownership rules look at; every stored document has them. */
export interface OwnedDocument {
  owner: string;
  visibility: string;
}

/** True when `value` is one of {@link VISIBILITIES}. */
export function isVisibility(value: unknown): value is Visibility {
  return typeof value === 'string' && (VISIBILITIES as readonly string[]).includes(value);
}

function isOwnerOrAdmin(user: RequestUser | null, doc: OwnedDocument): boolean {
  return user !== null && (user.isAdmin || user.id === doc.owner);
}

/**
 * May `user` read `doc` by its id? The owner and admins always; anyone (anonymous included) when
 * the document is `public` or `unlisted`. An unknown visibility value counts as private.
 *
 * @example
 * canRead(null, { owner: 'u1', visibility: 'public' }); // true
 * canRead(bob, { owner: 'alice-id', visibility: 'private' }); // false → the route answers 404
 */
export function canRead(user: RequestUser | null, doc: OwnedDocument): boolean {
  return doc.visibility === 'public' || doc.visibility === 'unlisted' || isOwnerOrAdmin(user, doc);
}

/**
 * May `user` change or delete `doc` (and its visibility)? Only its owner and admins; never an
 * anonymous caller, whatever the visibility.
 *
 * @example
 * canWrite(alice, { owner: alice.id, visibility: 'private' }); // true
 * canWrite(bob, { owner: alice.id, visibility: 'public' }); // false → 403 (it is readable, so not hidden)
 */
export function canWrite(user: RequestUser | null, doc: OwnedDocument): boolean {
  return isOwnerOrAdmin(user, doc);
}

/**
 * May `user` make a private copy of `doc`? Any signed-in user who can read it: the owner, an
 * admin, or anyone when it is `public` or `unlisted`. Anonymous callers cannot, since the copy
 * needs an owner.
 *
 * @example
 * canClone(bob, { owner: alice.id, visibility: 'unlisted' }); // true
 * canClone(null, { owner: alice.id, visibility: 'public' }); // false
 */
export function canClone(user: RequestUser | null, doc: OwnedDocument): boolean {
  return user !== null && canRead(user, doc);
}

/**
 * Does `doc` appear in `user`'s listings? Their own documents and `public` ones; everything for
 * admins. The list query applies the same rule in SQL (see `list-query.ts`); this is its
 * reference definition, used by the tests and by callers that filter rows they already hold.
 *
 * @example
 * isListedFor(bob, { owner: alice.id, visibility: 'unlisted' }); // false, though canRead is true
 */
export function isListedFor(user: RequestUser | null, doc: OwnedDocument): boolean {
  return doc.visibility === 'public' || isOwnerOrAdmin(user, doc);
}
