import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { GateError } from '../errors.js';
import type { GateDeps } from '../types.js';
import { consumePasskeyChallenge, readSignedChallenge } from './passkey-challenges.js';
import { findPasskeyCredential, recordPasskeyUse, toWebAuthnCredential } from './passkey-credentials.js';
import { invalidChallenge, type PasskeyRelyingParty } from './passkey-rules.js';

/** Why a passkey sign-in failed, in `details.reason` (the message stays the same). */
export type PasskeySignInFailure = 'unknown-credential' | 'user-mismatch' | 'not-verified' | 'counter-reused';

function signInFailed(reason: PasskeySignInFailure, cause?: unknown): GateError {
  return new GateError('GATE_PASSKEY_SIGN_IN_FAILED', 'This passkey cannot sign you in.', {
    details: { reason },
    cause,
  });
}

/**
 * Checks a sign-in answer end to end and answers the account it signs in: the challenge is a
 * stored sign-in challenge, unused and live (consumed here, whatever follows); the credential is
 * registered; the user handle, when sent, names its owner; the library verifies origin, RP id,
 * signature, user presence and (for a password-less sign-in) user verification, and that the signature counter went up (an
 * authenticator that counts and goes back is a clone: refused). The counter is then stored only
 * if nobody moved it meanwhile.
 *
 * @example
 * const { userId } = await verifyPasskeySignIn(deps, { relyingParty, response });
 */
export async function verifyPasskeySignIn(
  deps: Pick<GateDeps, 'db' | 'clock'>,
  input: {
    relyingParty: PasskeyRelyingParty;
    response: AuthenticationResponseJSON;
    /** For a second step: the account the challenge was issued to, which must own the passkey. */
    secondFactorOf?: string | undefined;
  },
): Promise<{ userId: string; credentialId: string }> {
  const { db, clock } = deps;
  const { response, relyingParty } = input;
  const now = clock.now();
  const challenge = readSignedChallenge(response?.response?.clientDataJSON);
  const purpose = input.secondFactorOf === undefined ? 'sign-in' : 'second-factor';
  const consumed =
    challenge === undefined ? undefined : await consumePasskeyChallenge(db, { challenge, purpose, now });
  // A sign-in challenge is bound to nobody; a second-step challenge to the account it was issued to.
  if (!consumed || challenge === undefined || consumed.userId !== (input.secondFactorOf ?? null))
    throw invalidChallenge();
  const row = typeof response.id === 'string' ? await findPasskeyCredential(db, response.id) : undefined;
  if (!row) throw signInFailed('unknown-credential');
  if (input.secondFactorOf !== undefined && row.user_id !== input.secondFactorOf)
    throw signInFailed('user-mismatch');
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(row.user_id, 'utf8').toString('base64url'))
    throw signInFailed('user-mismatch');
  const credential = toWebAuthnCredential(row);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: [...relyingParty.origins],
      expectedRPID: relyingParty.id,
      credential,
      // A password-less sign-in counts as both factors only with user verification; a second
      // step follows a password, so user presence is enough there.
      requireUserVerification: input.secondFactorOf === undefined,
    });
  } catch (error) {
    const counter = error instanceof Error && /counter/i.test(error.message);
    throw signInFailed(counter ? 'counter-reused' : 'not-verified', error);
  }
  if (!verification.verified) throw signInFailed('not-verified');
  const info = verification.authenticationInfo;
  const recorded = await recordPasskeyUse(db, {
    id: row.id,
    previousCounter: credential.counter,
    newCounter: info.newCounter,
    backedUp: info.credentialBackedUp,
    now,
  });
  if (!recorded) throw signInFailed('counter-reused');
  return { userId: row.user_id, credentialId: row.id };
}
