import type { Kysely } from 'kysely';
import { assertAnotherAdmin, holdEnabledAdmins } from '../auth/account-store.js';
import { normalizePassword } from '../auth/credential-rules.js';
import { verifyPassword } from '../auth/password-hasher.js';
import type { GateDatabase } from '../db/schema.js';
import { GateError } from '../errors.js';
import type { IdentityInvalidation } from '../identity-cache.js';
import type { Clock } from '../ports/clock.js';
import { hasOwnPassword } from '../sso/external-identity-store.js';
import { parseRoles } from '../users/user-records.js';
import {
  type AccountProfile,
  type ExportedDocument,
  type ExportedLedgerEntry,
  readAccountProfile,
  readLedgerPage,
  readOwnedCollections,
  readOwnedDocumentPage,
} from './account-data-reader.js';
import { createTombstoneId, TOMBSTONE_PREFIX } from './account-tombstone.js';

/**
 * How recent the sign-in of the session must be to delete an account that has no password of its
 * own (created by single sign-on): the sign-in at the provider is the re-authentication.
 */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** Subscription states in which the processor still bills (or retries billing) the customer. */
const BILLING_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

/** What {@link LeavingService.deleteAccountRows} removed and kept. */
export interface AccountDeletionReport {
  /** Rows deleted, by table. */
  deleted: Record<string, number>;
  /** The id that replaced the user's in the rows kept for accounting. */
  tombstoneId: string;
  /** Rows kept for accounting with the tombstone instead of the user id, by table. */
  anonymised: Record<string, number>;
}

/**
 * Leaving the install: the gate's side of "export my data" and "delete my account". The server
 * wraps it: one transaction in which every area deletes its rows and the gate deletes its own
 * last, then files after the commit.
 */
export interface LeavingService {
  /** The account, its sessions and keys (no secrets), wallet balance, membership, purchases. */
  readProfile(userId: string): Promise<AccountProfile>;
  /** The collections in which the user owns documents, sorted. */
  readCollections(userId: string): Promise<string[]>;
  /** One page of the user's documents in one collection, by id (`after` pages on). */
  readDocumentPage(input: {
    userId: string;
    collection: string;
    after?: string | undefined;
  }): Promise<ExportedDocument[]>;
  /** One page of the user's wallet ledger, oldest first (`after` is the last entry id). */
  readLedgerPage(input: { userId: string; after?: number | undefined }): Promise<ExportedLedgerEntry[]>;
  /**
   * Re-authenticates the person and checks the account may go: a wrong or missing password is
   * `GATE_INVALID_CREDENTIALS`; an account without a password of its own (made by single sign-on)
   * needs instead a session signed in within {@link RECENT_SIGN_IN_MS}
   * (`GATE_RECENT_SIGN_IN_REQUIRED`); the last enabled admin is `GATE_LAST_ADMIN`, a paid
   * subscription that still renews `GATE_SUBSCRIPTION_ACTIVE` (cancel it first).
   */
  assertMayLeave(input: {
    userId: string;
    password?: string | undefined;
    sessionId?: string | undefined;
  }): Promise<void>;
  /**
   * Deletes every gate row of `userId` through `trx` (the caller's transaction): documents,
   * sessions, verification tokens, API keys, wallet, membership and the account. Ledger entries
   * and token-pack purchases stay for accounting with a tombstone id instead of the user's
   * (`GATE_LAST_ADMIN` is checked again inside the transaction). `tombstoneId` (default a new
   * {@link createTombstoneId}) lets the caller use the same tombstone in its own kept rows.
   */
  deleteAccountRows(
    trx: Kysely<GateDatabase>,
    input: { userId: string; tombstoneId?: string },
  ): Promise<AccountDeletionReport>;
  /** After the commit: the user's sessions and keys are refused at once, on every instance. */
  forgetIdentities(userId: string): void;
}

/**
 * The ledger and the token-pack purchases reference `users.id` (a foreign key, cascading), so the
 * rows kept for accounting need an account to point at: an inert one per deletion, with the
 * tombstone as id, disabled, no roles, an address under `.invalid` (RFC 2606) and a password hash
 * that never verifies. Written only when there is something to keep.
 */
async function keepTombstoneAccount(
  trx: Kysely<GateDatabase>,
  input: { userId: string; tombstoneId: string; now: number },
): Promise<void> {
  const [ledger, purchases] = await Promise.all([
    trx.selectFrom('wallet_ledger').select('id').where('user_id', '=', input.userId).limit(1).execute(),
    trx
      .selectFrom('token_pack_purchases')
      .select('session_id')
      .where('user_id', '=', input.userId)
      .limit(1)
      .execute(),
  ]);
  if (ledger.length === 0 && purchases.length === 0) return;
  const { now } = input;
  await trx
    .insertInto('users')
    .values({
      id: input.tombstoneId,
      email: `${input.tombstoneId.slice(TOMBSTONE_PREFIX.length)}@deleted.invalid`,
      password_hash: '!deleted',
      roles: '[]',
      email_verified_at: null,
      created_at: now,
      updated_at: now,
      disabled_at: now,
    })
    .execute();
}

function isAdmin(roles: string): boolean {
  return parseRoles(roles).includes('admin');
}

/**
 * Creates the leaving service over the gate's database.
 *
 * @example
 * const leaving = createLeavingService({ db, identities, clock });
 * await leaving.assertMayLeave({ userId, password });
 * await db.transaction().execute((trx) => leaving.deleteAccountRows(trx, { userId }));
 * leaving.forgetIdentities(userId);
 */
export function createLeavingService(deps: {
  db: Kysely<GateDatabase>;
  identities: IdentityInvalidation;
  clock: Clock;
}): LeavingService {
  const { db, identities, clock } = deps;
  return {
    readProfile: (userId) => readAccountProfile(db, userId),
    readCollections: (userId) => readOwnedCollections(db, userId),
    readDocumentPage: (input) => readOwnedDocumentPage(db, input),
    readLedgerPage: (input) => readLedgerPage(db, input),

    async assertMayLeave({ userId, password, sessionId }) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!row) throw new GateError('GATE_NOT_FOUND', 'No such user.');
      if (await hasOwnPassword(db, userId)) {
        if (password === undefined || !(await verifyPassword(normalizePassword(password), row.password_hash)))
          throw new GateError('GATE_INVALID_CREDENTIALS', 'The password is incorrect.');
      } else {
        // No password to ask for: a fresh sign-in at the provider is the re-authentication.
        const session = sessionId
          ? await db
              .selectFrom('sessions')
              .select('created_at')
              .where('id', '=', sessionId)
              .where('user_id', '=', userId)
              .executeTakeFirst()
          : undefined;
        if (!session || Number(session.created_at) < clock.now() - RECENT_SIGN_IN_MS)
          throw new GateError(
            'GATE_RECENT_SIGN_IN_REQUIRED',
            `This account has no password: sign out and sign in again with your provider, then delete it within ${RECENT_SIGN_IN_MS / 60_000} minutes.`,
            { details: { recentSignInMinutes: RECENT_SIGN_IN_MS / 60_000 } },
          );
      }
      if (isAdmin(row.roles)) await assertAnotherAdmin(db, userId);
      const membership = await db
        .selectFrom('memberships')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (
        membership?.source === 'stripe' &&
        BILLING_STATUSES.has(membership.status) &&
        Number(membership.cancel_at_period_end) !== 1
      ) {
        throw new GateError(
          'GATE_SUBSCRIPTION_ACTIVE',
          'Your paid membership still renews: cancel it first (Account → Membership), then delete the account.',
          { details: { plan: membership.plan, status: membership.status } },
        );
      }
    },

    async deleteAccountRows(trx, { userId, tombstoneId = createTombstoneId() }) {
      // Before the read: a concurrent demotion or disabling of another admin waits (holdEnabledAdmins).
      await holdEnabledAdmins(trx);
      const row = await trx
        .selectFrom('users')
        .select(['id', 'roles'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) throw new GateError('GATE_NOT_FOUND', 'No such user.');
      if (isAdmin(row.roles)) await assertAnotherAdmin(trx, userId);
      await keepTombstoneAccount(trx, { userId, tombstoneId, now: clock.now() });
      const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
        Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);
      const anonymised = {
        // The replayed-request keys could carry the caller's own words: they go with the account.
        wallet_ledger: count(
          await trx
            .updateTable('wallet_ledger')
            .set({ user_id: tombstoneId, idempotency_key: null })
            .where('user_id', '=', userId)
            .executeTakeFirst(),
        ),
        wallet_ledger_actor: count(
          await trx
            .updateTable('wallet_ledger')
            .set({ actor_id: tombstoneId })
            .where('actor_id', '=', userId)
            .executeTakeFirst(),
        ),
        token_pack_purchases: count(
          await trx
            .updateTable('token_pack_purchases')
            .set({ user_id: tombstoneId })
            .where('user_id', '=', userId)
            .executeTakeFirst(),
        ),
      };
      const deleted: Record<string, number> = {};
      deleted.documents = count(
        await trx.deleteFrom('documents').where('owner', '=', userId).executeTakeFirst(),
      );
      for (const table of [
        'sessions',
        'verification_tokens',
        'api_keys',
        'wallets',
        'memberships',
        // Passkeys (issue 27): the foreign keys cascade too; named here so the report counts them.
        'passkey_credentials',
        'passkey_challenges',
      ] as const) {
        deleted[table] = count(await trx.deleteFrom(table).where('user_id', '=', userId).executeTakeFirst());
      }
      deleted.users = count(await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst());
      return { deleted, tombstoneId, anonymised };
    },

    forgetIdentities(userId) {
      identities.invalidateUser(userId);
    },
  };
}
