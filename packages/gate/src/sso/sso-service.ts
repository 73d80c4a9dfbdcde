import { randomBytes, randomUUID } from 'node:crypto';
import { findUserRowByEmail, findUserRowById, holdUser, type UserRow } from '../auth/account-store.js';
import { readEmail } from '../auth/credential-rules.js';
import { hashPassword } from '../auth/password-hasher.js';
import { keepsAnotherSignInMethod } from '../auth/sign-in-methods.js';
import { GateError } from '../errors.js';
import type { IdentityInvalidation } from '../identity-cache.js';
import type {
  FirstFactorOutcome,
  OpenedSession,
  SecondFactorChallenge,
} from '../second-factor/second-factor-types.js';
import type { GateDeps, PublicUser } from '../types.js';
import { toPublicUser, toUserRecord } from '../users/user-records.js';
import { findExternalIdentity, hasOwnPassword, listExternalIdentities } from './external-identity-store.js';
import type { SessionContext, VerifiedProviderClaims } from './provider-claims.js';
import {
  accountExistsForProviderEmail,
  identityTaken,
  lastSignInMethod,
  providerEmailNotVerified,
} from './sso-errors.js';

/** A provider identity connected to an account, as the Account screen lists it. */
export interface ConnectedIdentity {
  providerId: string;
  /** The provider's email when it was connected; null when it sent none. */
  email: string | null;
  /** Epoch ms. */
  connectedAt: number;
}

/** A session opened by a single sign-on: the JWT for the cookie and its times (epoch ms). */
export type SsoSession = OpenedSession['session'];

/** Single sign-on: the account rules applied to a provider's verified claims. */
export interface SsoService {
  /**
   * Signs in with a provider identity. A linked identity opens a session for its account. An
   * unknown one creates an account (verified, without a password) when the provider's email is
   * verified (`GATE_SSO_EMAIL_NOT_VERIFIED` otherwise), passes the look-alike rules
   * (`GATE_EMAIL_CONFUSABLE`) and names no existing account (`GATE_SSO_ACCOUNT_EXISTS`: never
   * linked silently). A disabled account gets `GATE_ACCOUNT_DISABLED`.
   */
  signIn(input: { claims: VerifiedProviderClaims } & SessionContext): Promise<
    (
      | { user: PublicUser; session: SsoSession }
      /** The account has a second factor (or its role requires one): answer this challenge. */
      | { secondFactor: SecondFactorChallenge }
    ) & {
      /** True when this sign-in created the account. */
      created: boolean;
    }
  >;
  /** Connects a provider identity to a signed-in account (`GATE_SSO_IDENTITY_TAKEN` when it cannot). */
  link(input: { userId: string; claims: VerifiedProviderClaims }): Promise<ConnectedIdentity>;
  /**
   * Disconnects the account's identity of a provider (`GATE_NOT_FOUND` without one). An account
   * without a password of its own keeps its last one unless it has a passkey
   * (`GATE_SSO_LAST_SIGN_IN_METHOD`).
   */
  unlink(input: { userId: string; providerId: string }): Promise<void>;
  /** The account's connected identities, and whether it has a password of its own. */
  list(userId: string): Promise<{ identities: ConnectedIdentity[]; hasPassword: boolean }>;
}

function tryReadEmail(email: string | undefined): string | null {
  if (email === undefined) return null;
  try {
    return readEmail(email);
  } catch {
    return null;
  }
}

/**
 * Creates the single sign-on service over the gate's database; sessions come from `afterFirstFactor`.
 *
 * @example
 * const sso = createSsoService(deps, { identities, afterFirstFactor: secondFactor.afterFirstFactor });
 * const { session } = await sso.signIn({ claims: { providerId: 'acme', subject: 'u-1', email, emailVerified: true } });
 */
export function createSsoService(
  deps: GateDeps,
  services: {
    identities: IdentityInvalidation;
    /**
     * The login decision (`gate.secondFactor.afterFirstFactor`): a provider sign-in counts as the
     * password step, so an account with a second factor is asked for it as after a password.
     */
    afterFirstFactor: (input: {
      userId: string;
      method: string;
      userAgent?: string | undefined;
      clientAddress?: string | undefined;
    }) => Promise<FirstFactorOutcome>;
  },
): SsoService {
  const { db, clock, config } = deps;

  /** A new verified account without a password, and its identity, in one transaction. */
  async function createAccount(claims: VerifiedProviderClaims, email: string): Promise<UserRow> {
    const now = clock.now();
    const placeholder = await hashPassword(randomBytes(32).toString('base64url'), config.passwordCost);
    const row: UserRow = {
      id: randomUUID(),
      email,
      password_hash: placeholder,
      roles: JSON.stringify(['member']),
      email_verified_at: now,
      created_at: now,
      updated_at: now,
      disabled_at: null,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(row).execute();
        await trx
          .insertInto('passwordless_accounts')
          .values({ user_id: row.id, placeholder_password_hash: placeholder, created_at: now })
          .execute();
        await trx
          .insertInto('external_identities')
          .values({
            provider_id: claims.providerId,
            subject: claims.subject,
            user_id: row.id,
            email_at_link: email,
            created_at: now,
          })
          .execute();
      });
    } catch (error) {
      // Lost a race: another sign-in took the email (or this very identity) meanwhile.
      if (await findUserRowByEmail(db, email)) throw accountExistsForProviderEmail(claims.providerId);
      throw error;
    }
    return row;
  }

  async function findOrCreateAccount(
    claims: VerifiedProviderClaims,
  ): Promise<{ row: UserRow | undefined; created: boolean }> {
    const linked = await findExternalIdentity(db, claims);
    if (linked) return { row: await findUserRowById(db, linked.user_id), created: false };
    if (claims.email === undefined || claims.emailVerified !== true)
      throw providerEmailNotVerified(claims.providerId);
    // Normalises (fullwidth and dotted-İ forms fold onto the plain address) and refuses look-alikes.
    const email = readEmail(claims.email);
    if (await findUserRowByEmail(db, email)) throw accountExistsForProviderEmail(claims.providerId);
    return { row: await createAccount(claims, email), created: true };
  }

  async function readIdentity(userId: string, providerId: string) {
    return (await listExternalIdentities(db, userId)).find((identity) => identity.provider_id === providerId);
  }

  return {
    async signIn({ claims, userAgent, clientAddress }) {
      const { row, created } = await findOrCreateAccount(claims);
      if (!row) throw new GateError('GATE_NOT_FOUND', 'The account of this identity no longer exists.');
      if (row.disabled_at !== null) {
        throw new GateError(
          'GATE_ACCOUNT_DISABLED',
          'This account is disabled; ask an administrator to re-enable it.',
        );
      }
      if (row.email_verified_at === null) {
        throw new GateError(
          'GATE_EMAIL_NOT_VERIFIED',
          'Confirm your email address first: open the link we sent you.',
        );
      }
      // The one place a single sign-on opens a session: through the login decision.
      const outcome = await services.afterFirstFactor({
        userId: row.id,
        method: 'sso',
        userAgent,
        clientAddress,
      });
      if ('secondFactor' in outcome) return { secondFactor: outcome.secondFactor, created };
      return { user: toPublicUser(toUserRecord(row)), session: outcome.session, created };
    },

    async link({ userId, claims }) {
      const existing = await findExternalIdentity(db, claims);
      if (existing && existing.user_id !== userId) throw identityTaken(claims.providerId, 'other-account');
      const current = existing ?? (await readIdentity(userId, claims.providerId));
      if (current) {
        if (current.subject !== claims.subject) throw identityTaken(claims.providerId, 'provider-connected');
        return toConnected(current);
      }
      const row = {
        provider_id: claims.providerId,
        subject: claims.subject,
        user_id: userId,
        email_at_link: tryReadEmail(claims.email),
        created_at: clock.now(),
      };
      try {
        await db.insertInto('external_identities').values(row).execute();
      } catch (error) {
        if (await findExternalIdentity(db, claims)) throw identityTaken(claims.providerId, 'other-account');
        if (await readIdentity(userId, claims.providerId))
          throw identityTaken(claims.providerId, 'provider-connected');
        throw error;
      }
      services.identities.invalidateUser(userId);
      return toConnected(row);
    },

    async unlink({ userId, providerId }) {
      await db.transaction().execute(async (trx) => {
        // The account's row is held first (a row lock on PostgreSQL, the write lock on SQLite):
        // two disconnects at once would each see the other identity still
        // there and leave a password-less account with no way to sign in.
        await holdUser(trx, userId);
        const identities = await listExternalIdentities(trx, userId);
        if (!identities.some((identity) => identity.provider_id === providerId))
          throw new GateError('GATE_NOT_FOUND', 'This account is not connected to that provider.');
        if (!(await keepsAnotherSignInMethod(trx, userId, { providerId })))
          throw lastSignInMethod(providerId);
        await trx
          .deleteFrom('external_identities')
          .where('user_id', '=', userId)
          .where('provider_id', '=', providerId)
          .execute();
      });
      services.identities.invalidateUser(userId);
    },

    async list(userId) {
      const identities = (await listExternalIdentities(db, userId)).map(toConnected);
      return { identities, hasPassword: await hasOwnPassword(db, userId) };
    },
  };
}

function toConnected(row: {
  provider_id: string;
  email_at_link: string | null;
  created_at: number;
}): ConnectedIdentity {
  return { providerId: row.provider_id, email: row.email_at_link, connectedAt: Number(row.created_at) };
}
