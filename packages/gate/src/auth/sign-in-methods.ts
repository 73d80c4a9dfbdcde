import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import { listPasskeyCredentials } from '../passkeys/passkey-credentials.js';
import { hasOwnPassword, listExternalIdentities } from '../sso/external-identity-store.js';

/** The sign-in method about to be removed: a connected provider, or one passkey. */
export type RemovedSignInMethod = { providerId: string } | { passkeyId: string };

/**
 * Whether the account keeps a way to sign in without mail once `removing` is gone: a password of
 * its own, another connected provider, or another passkey (a passkey signs in without a password).
 * Call it inside the transaction that removes the method, after holding the account's row
 * (`holdUser`), so two removals at once cannot each count on the other.
 *
 * @example
 * if (!(await keepsAnotherSignInMethod(trx, userId, { passkeyId: id }))) throw lastPasskey();
 */
export async function keepsAnotherSignInMethod(
  db: Kysely<GateDatabase>,
  userId: string,
  removing: RemovedSignInMethod,
): Promise<boolean> {
  if (await hasOwnPassword(db, userId)) return true;
  const providerId = 'providerId' in removing ? removing.providerId : undefined;
  const providers = await listExternalIdentities(db, userId);
  if (providers.some((row) => row.provider_id !== providerId)) return true;
  const passkeyId = 'passkeyId' in removing ? removing.passkeyId : undefined;
  const passkeys = await listPasskeyCredentials(db, userId);
  return passkeys.some((row) => row.id !== passkeyId);
}
