import type { LoginThrottle } from '../ports/login-throttle.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { GateDeps } from '../types.js';
import { createSecondFactorManagement, type SecondFactorManagement } from './second-factor-management.js';
import { createSecondFactorSignIn, type SecondFactorSignIn } from './second-factor-sign-in.js';
import type { PasskeySecondStep } from './second-factor-types.js';
import { createSecretBox } from './secret-box.js';

/**
 * Two-step sign-in (`gate.secondFactor`): TOTP enrolment and removal, recovery codes, the roles
 * that require a second factor, and the login decision — a session, or a challenge answered
 * with a code or a passkey through `completeSignIn`.
 */
export interface SecondFactorService extends SecondFactorManagement, SecondFactorSignIn {}

/**
 * Creates the second-factor service. Secrets are sealed and recovery codes hashed under keys
 * derived from `config.apiKeyPepper`; failed answers count in the same per-account `throttle` as
 * failed passwords.
 *
 * @example
 * const secondFactor = createSecondFactorService(deps, { tokens, throttle, passkeys: createPasskeySecondStep(deps, gatePasskeys) });
 * const outcome = await secondFactor.afterFirstFactor({ userId, method: 'sso', userAgent, clientAddress });
 * if ('secondFactor' in outcome) showCodeStep(outcome.secondFactor);
 */
export function createSecondFactorService(
  deps: GateDeps,
  services: { tokens: SessionTokens; throttle: LoginThrottle; passkeys: PasskeySecondStep },
): SecondFactorService {
  const box = createSecretBox(deps.config.apiKeyPepper);
  return {
    ...createSecondFactorManagement(deps, box, services.passkeys),
    ...createSecondFactorSignIn(deps, { box, ...services }),
  };
}
