import { GateError } from '../errors.js';

/**
 * The provider's email is missing or not verified (`email_verified` is not `true`), so it can
 * neither create an account nor be trusted to name one.
 */
export function providerEmailNotVerified(providerId: string): GateError {
  return new GateError(
    'GATE_SSO_EMAIL_NOT_VERIFIED',
    'Your identity provider did not confirm your email address; confirm it there first, then sign in again.',
    { details: { providerId } },
  );
}

/** An account already has the provider's email: it is never linked silently. */
export function accountExistsForProviderEmail(providerId: string): GateError {
  return new GateError(
    'GATE_SSO_ACCOUNT_EXISTS',
    'An account with this email already exists. Sign in the usual way, then connect this provider from the Account screen.',
    { details: { providerId } },
  );
}

/** The provider identity belongs to another account, or this account already has one of that provider. */
export function identityTaken(providerId: string, reason: 'other-account' | 'provider-connected'): GateError {
  return new GateError(
    'GATE_SSO_IDENTITY_TAKEN',
    reason === 'other-account'
      ? 'This identity is already connected to another account.'
      : 'This account is already connected to another identity of this provider; disconnect it first.',
    { details: { providerId, reason } },
  );
}

/** Removing the identity would leave the account with no way to sign in. */
export function lastSignInMethod(providerId: string): GateError {
  return new GateError(
    'GATE_SSO_LAST_SIGN_IN_METHOD',
    'This is the only way into this account: set a password first ("Forgot your password?" mails a link), add a passkey, or connect another provider.',
    { details: { providerId } },
  );
}
