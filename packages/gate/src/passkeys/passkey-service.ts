import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { findUserRowById, holdUser } from '../auth/account-store.js';
import { type OpenedSessionToken, openSession } from '../auth/open-session.js';
import { keepsAnotherSignInMethod } from '../auth/sign-in-methods.js';
import { GateError } from '../errors.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { GateDeps, PublicUser } from '../types.js';
import { toPublicUser, toUserRecord } from '../users/user-records.js';
import {
  consumePasskeyChallenge,
  issuePasskeyChallenge,
  PASSKEY_CHALLENGE_TTL_MS,
  readSignedChallenge,
} from './passkey-challenges.js';
import {
  deletePasskeyCredential,
  findPasskeyCredential,
  insertPasskeyCredential,
  listPasskeyCredentials,
  type PublicPasskey,
  renamePasskeyCredential,
  toPublicPasskey,
  toWebAuthnCredential,
} from './passkey-credentials.js';
import {
  invalidChallenge,
  lastPasskey,
  MAX_PASSKEYS_PER_USER,
  type PasskeyRelyingParty,
  readPasskeyName,
} from './passkey-rules.js';
import { verifyPasskeySignIn } from './passkey-sign-in.js';

export type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
};

/** A session opened by a passkey sign-in, as `auth.login` returns one. */
export type PasskeySession = OpenedSessionToken;

/** Passkeys (WebAuthn): registration by a signed-in user, and password-less sign-in. */
export interface PasskeyService {
  /** Whether a relying party is configured; every other method is `GATE_NOT_CONFIGURED` without one. */
  readonly enabled: boolean;
  /** Options for `navigator.credentials.create` (a discoverable credential, user verification required). */
  startRegistration(input: { userId: string }): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** Verifies the browser's answer to {@link startRegistration} and stores the passkey under `name`. */
  finishRegistration(input: {
    userId: string;
    name: string;
    response: RegistrationResponseJSON;
  }): Promise<PublicPasskey>;
  /** The user's passkeys, oldest first. */
  list(input: { userId: string }): Promise<PublicPasskey[]>;
  /** Renames one of the user's passkeys; `GATE_NOT_FOUND` when it has none with this id. */
  rename(input: { userId: string; id: string; name: string }): Promise<PublicPasskey>;
  /**
   * Removes one of the user's passkeys: it signs nobody in again. `GATE_NOT_FOUND` when unknown;
   * `GATE_PASSKEY_LAST_SIGN_IN_METHOD` when it is the last way in of an account with neither a
   * password of its own nor a connected provider.
   */
  remove(input: { userId: string; id: string }): Promise<void>;
  /** Options for `navigator.credentials.get`: no `allowCredentials` (the passkey names its account). */
  startSignIn(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /**
   * Options for the second step of a password sign-in of `userId`: only that account's passkeys
   * are allowed, the challenge is bound to it, and user verification is preferred, not required
   * (the password was the first factor). (For the second-factor challenge to offer.)
   */
  startSecondFactor(input: { userId: string }): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /**
   * Verifies a second-step answer of `userId` (its own passkey, the challenge issued to it, user
   * presence); throws `GATE_PASSKEY_CHALLENGE_INVALID` or `GATE_PASSKEY_SIGN_IN_FAILED`.
   * Opens no session: the second-factor challenge does.
   */
  verifySecondFactor(input: { userId: string; response: AuthenticationResponseJSON }): Promise<void>;
  /**
   * Verifies a sign-in (user verification required, so it counts as both factors) and opens a
   * session. A disabled or unverified account is refused as a password sign-in is.
   */
  finishSignIn(input: {
    response: AuthenticationResponseJSON;
    userAgent?: string | undefined;
    clientAddress?: string | undefined;
  }): Promise<{ user: PublicUser; session: PasskeySession }>;
}

function notConfigured(): GateError {
  return new GateError(
    'GATE_NOT_CONFIGURED',
    'Passkeys are off: the server has no relying party (see SVC_PASSKEY_RP_ID).',
  );
}

function rejected(cause?: unknown): GateError {
  return new GateError('GATE_PASSKEY_REJECTED', 'The authenticator’s answer could not be verified.', {
    cause,
  });
}

/** The challenge as raw bytes, so the options carry exactly the base64url string stored. */
function toChallengeBytes(challenge: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(challenge, 'base64url'));
}

/**
 * Creates the passkey service over the gate's database and clock, for `relyingParty` (none: every
 * method answers `GATE_NOT_CONFIGURED`); sign-ins get their session token from `tokens`.
 *
 * @example
 * const passkeys = createPasskeyService(deps, { tokens, relyingParty: { id: 'localhost', name: 'svc', origins: ['http://localhost:3000'] } });
 * const options = await passkeys.startSignIn();
 */
export function createPasskeyService(
  deps: GateDeps,
  services: { tokens: SessionTokens; relyingParty?: PasskeyRelyingParty | undefined },
): PasskeyService {
  const { db, clock } = deps;
  const { relyingParty } = services;
  const requireRelyingParty = (): PasskeyRelyingParty => {
    if (!relyingParty) throw notConfigured();
    return relyingParty;
  };
  const findOwned = async (userId: string, id: string) => {
    const row = await findPasskeyCredential(db, id);
    if (!row || row.user_id !== userId) throw new GateError('GATE_NOT_FOUND', 'No such passkey.');
    return row;
  };

  return {
    enabled: relyingParty !== undefined,

    async startRegistration({ userId }) {
      const party = requireRelyingParty();
      const user = await findUserRowById(db, userId);
      if (!user) throw new GateError('GATE_NOT_FOUND', 'No such user.');
      const existing = await listPasskeyCredentials(db, userId);
      if (existing.length >= MAX_PASSKEYS_PER_USER)
        throw new GateError('GATE_CONFLICT', `An account keeps at most ${MAX_PASSKEYS_PER_USER} passkeys.`);
      const challenge = await issuePasskeyChallenge(db, {
        purpose: 'registration',
        userId,
        now: clock.now(),
      });
      return generateRegistrationOptions({
        rpName: party.name,
        rpID: party.id,
        // The user handle is the account id: opaque, stable, and what a sign-in's handle is checked against.
        userID: new TextEncoder().encode(userId),
        userName: user.email,
        userDisplayName: user.email,
        challenge: toChallengeBytes(challenge),
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.id,
          transports: toWebAuthnCredential(row).transports ?? [],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
    },

    async finishRegistration({ userId, name, response }) {
      const party = requireRelyingParty();
      const label = readPasskeyName(name);
      const now = clock.now();
      const challenge = readSignedChallenge(response?.response?.clientDataJSON);
      const consumed =
        challenge === undefined
          ? undefined
          : await consumePasskeyChallenge(db, { challenge, purpose: 'registration', now });
      if (!consumed || consumed.userId !== userId || challenge === undefined) throw invalidChallenge();
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: [...party.origins],
          expectedRPID: party.id,
          requireUserVerification: true,
        });
      } catch (error) {
        throw rejected(error);
      }
      if (!verification.verified) throw rejected();
      const info = verification.registrationInfo;
      if (await findPasskeyCredential(db, info.credential.id))
        throw new GateError('GATE_CONFLICT', 'This passkey is registered already.');
      const row = await insertPasskeyCredential(db, {
        userId,
        credential: info.credential,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: label,
        now,
      });
      return toPublicPasskey(row);
    },

    async list({ userId }) {
      return (await listPasskeyCredentials(db, userId)).map(toPublicPasskey);
    },

    async rename({ userId, id, name }) {
      const label = readPasskeyName(name);
      const row = await findOwned(userId, id);
      await renamePasskeyCredential(db, { userId, id, name: label });
      return toPublicPasskey({ ...row, name: label });
    },

    async remove({ userId, id }) {
      await db.transaction().execute(async (trx) => {
        // The account's row first: two removals at once (its last passkey and its last provider)
        // would each count on the other and leave no way in without mail.
        await holdUser(trx, userId);
        const row = await findPasskeyCredential(trx, id);
        if (!row || row.user_id !== userId) throw new GateError('GATE_NOT_FOUND', 'No such passkey.');
        if (!(await keepsAnotherSignInMethod(trx, userId, { passkeyId: id }))) throw lastPasskey();
        await deletePasskeyCredential(trx, { userId, id });
      });
    },

    async startSignIn() {
      const party = requireRelyingParty();
      const challenge = await issuePasskeyChallenge(db, {
        purpose: 'sign-in',
        userId: null,
        now: clock.now(),
      });
      return generateAuthenticationOptions({
        rpID: party.id,
        challenge: toChallengeBytes(challenge),
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        allowCredentials: [],
        userVerification: 'required',
      });
    },

    async startSecondFactor({ userId }) {
      const party = requireRelyingParty();
      const credentials = await listPasskeyCredentials(db, userId);
      if (credentials.length === 0) throw new GateError('GATE_NOT_FOUND', 'This account has no passkey.');
      const challenge = await issuePasskeyChallenge(db, {
        purpose: 'second-factor',
        userId,
        now: clock.now(),
      });
      return generateAuthenticationOptions({
        rpID: party.id,
        challenge: toChallengeBytes(challenge),
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        allowCredentials: credentials.map((row) => ({
          id: row.id,
          transports: toWebAuthnCredential(row).transports ?? [],
        })),
        // The password was the first factor: presence of the key is enough (a PIN is welcome).
        userVerification: 'preferred',
      });
    },

    async verifySecondFactor({ userId, response }) {
      const party = requireRelyingParty();
      await verifyPasskeySignIn(deps, { relyingParty: party, response, secondFactorOf: userId });
    },

    async finishSignIn(input) {
      const party = requireRelyingParty();
      const { userId } = await verifyPasskeySignIn(deps, { relyingParty: party, response: input.response });
      const row = await findUserRowById(db, userId);
      if (!row) throw new GateError('GATE_PASSKEY_SIGN_IN_FAILED', 'This passkey cannot sign you in.');
      if (row.email_verified_at === null)
        throw new GateError(
          'GATE_EMAIL_NOT_VERIFIED',
          'Confirm your email address first: open the link we sent you.',
        );
      if (row.disabled_at !== null)
        throw new GateError(
          'GATE_ACCOUNT_DISABLED',
          'This account is disabled; ask an administrator to re-enable it.',
        );
      // A passkey with user verification counts as both factors: no second step is asked.
      const session = await openSession(deps, services.tokens, {
        userId,
        userAgent: input.userAgent,
        clientAddress: input.clientAddress,
      });
      return { user: toPublicUser(toUserRecord(row)), session };
    },
  };
}
