// What an authenticator app shows: the code of an enrolled secret at a given time.
export { generateTotpCode } from './second-factor/totp-codes.js';
export {
  decodeTokenSegment,
  forgeSessionToken,
  LEGACY_SESSION_TOKEN,
} from './testing/forge-session-token.js';
export type { GateContractCase, GateContractContext, GateContractOptions } from './testing/gate-contract.js';
export { createGateContractContext, GATE_CONTRACT } from './testing/gate-contract.js';
export type {
  LoginThrottleContractCase,
  LoginThrottleContractContext,
} from './testing/login-throttle-contract.js';
export { LOGIN_THROTTLE_CONTRACT } from './testing/login-throttle-contract.js';
export type { ManualClock } from './testing/manual-clock.js';
export { createManualClock } from './testing/manual-clock.js';
export type { MemoryInvalidationBus } from './testing/memory-identity-invalidations.js';
export { createMemoryInvalidationBus } from './testing/memory-identity-invalidations.js';
export type { MemoryMailer } from './testing/memory-mailer.js';
export { createMemoryMailer } from './testing/memory-mailer.js';
export type { MemoryPayments } from './testing/memory-payments.js';
export { createMemoryPayments } from './testing/memory-payments.js';
export type { SessionContractCase, SessionContractContext } from './testing/session-contract.js';
export { SESSION_CONTRACT } from './testing/session-contract.js';
export type {
  SessionTokensContractCase,
  SessionTokensContractContext,
} from './testing/session-tokens-contract.js';
export { SESSION_TOKENS_CONTRACT } from './testing/session-tokens-contract.js';
