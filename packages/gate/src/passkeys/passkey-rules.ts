import { GateError } from '../errors.js';

/** Most passkeys one account may register. */
export const MAX_PASSKEYS_PER_USER = 20;

/** Longest passkey name, in code points. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

/**
 * A passkey's name, trimmed: 1 to {@link PASSKEY_NAME_MAX_LENGTH} characters without control
 * characters, else `GATE_INVALID_INPUT` with `details.field = 'name'`.
 *
 * @example
 * readPasskeyName('  Laptop ') // 'Laptop'
 */
export function readPasskeyName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  const valid =
    trimmed.length > 0 && [...trimmed].length <= PASSKEY_NAME_MAX_LENGTH && !/\p{Cc}/u.test(trimmed);
  if (!valid)
    throw new GateError(
      'GATE_INVALID_INPUT',
      `A passkey name is 1 to ${PASSKEY_NAME_MAX_LENGTH} characters, without control characters.`,
      { details: { field: 'name' } },
    );
  return trimmed;
}

/**
 * The relying party passkeys belong to: its id (a registrable domain: `example.com`, or
 * `localhost`; never an IP address), the name authenticators show, and the origins whose pages
 * may run a ceremony (`https://app.example.com`, `http://localhost:3000`).
 */
export interface PasskeyRelyingParty {
  id: string;
  name: string;
  origins: readonly string[];
}

/** Removing this passkey would leave an account without a password or a provider no way in. */
export function lastPasskey(): GateError {
  return new GateError(
    'GATE_PASSKEY_LAST_SIGN_IN_METHOD',
    'This passkey is the only way into this account: set a password first ("Forgot your password?" mails a link), add another passkey, or connect a provider.',
  );
}

/** The failure of a challenge that is unknown, used, expired or issued for something else. */
export function invalidChallenge(): GateError {
  return new GateError(
    'GATE_PASSKEY_CHALLENGE_INVALID',
    'This passkey request is unknown, used or expired: start again.',
  );
}
