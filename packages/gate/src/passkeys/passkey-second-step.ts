import { GateError } from '../errors.js';
import type { PasskeySecondStep } from '../second-factor/second-factor-types.js';
import type { GateDeps } from '../types.js';
import { listPasskeyCredentials } from './passkey-credentials.js';
import type { PasskeyService } from './passkey-service.js';

/** The refusals of a passkey answer: to the second step they are all just a wrong answer. */
const WRONG_ANSWER_CODES = new Set(['GATE_PASSKEY_CHALLENGE_INVALID', 'GATE_PASSKEY_SIGN_IN_FAILED']);

/**
 * The passkeys as a second step of sign-in, for `gate.secondFactor`. With passkeys off (no
 * relying party) no account has one as a second step: its passkeys could not answer.
 *
 * @example
 * const secondFactor = createSecondFactorService(deps, { tokens, throttle, passkeys: createPasskeySecondStep(deps, passkeys) });
 */
export function createPasskeySecondStep(
  deps: Pick<GateDeps, 'db'>,
  passkeys: PasskeyService,
): PasskeySecondStep {
  return {
    async has(userId) {
      if (!passkeys.enabled) return false;
      return (await listPasskeyCredentials(deps.db, userId)).length > 0;
    },
    start: (userId) => passkeys.startSecondFactor({ userId }),
    async verify(userId, response) {
      try {
        await passkeys.verifySecondFactor({ userId, response });
        return true;
      } catch (error) {
        if (error instanceof GateError && WRONG_ANSWER_CODES.has(error.code)) return false;
        throw error;
      }
    },
  };
}
