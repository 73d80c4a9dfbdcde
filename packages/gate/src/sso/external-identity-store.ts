import type { Kysely, Selectable } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import type { ExternalIdentitiesTable } from './sso-schema.js';

/** An external_identities row. */
export type ExternalIdentityRow = Selectable<ExternalIdentitiesTable>;

/**
 * The identity of `subject` at `providerId`; undefined when nobody linked it.
 *
 * @example
 * const identity = await findExternalIdentity(db, { providerId: 'acme', subject: 'u-1' });
 */
export async function findExternalIdentity(
  db: Kysely<GateDatabase>,
  input: { providerId: string; subject: string },
): Promise<ExternalIdentityRow | undefined> {
  return db
    .selectFrom('external_identities')
    .selectAll()
    .where('provider_id', '=', input.providerId)
    .where('subject', '=', input.subject)
    .executeTakeFirst();
}

/**
 * Every identity linked to an account, oldest first.
 *
 * @example
 * const identities = await listExternalIdentities(db, userId);
 */
export async function listExternalIdentities(
  db: Kysely<GateDatabase>,
  userId: string,
): Promise<ExternalIdentityRow[]> {
  return db
    .selectFrom('external_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('provider_id')
    .execute();
}

/**
 * True when the account has a password of its own: it was not created by a single sign-on, or
 * its placeholder hash has since been replaced (a password reset or change).
 *
 * @example
 * if (!(await hasOwnPassword(db, userId))) …
 */
export async function hasOwnPassword(db: Kysely<GateDatabase>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('passwordless_accounts')
    .innerJoin('users', 'users.id', 'passwordless_accounts.user_id')
    .select(['users.password_hash', 'passwordless_accounts.placeholder_password_hash'])
    .where('passwordless_accounts.user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined || row.password_hash !== row.placeholder_password_hash;
}
