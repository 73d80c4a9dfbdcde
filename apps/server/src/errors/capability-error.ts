export { CAPABILITY_ERROR_CODES, type CapabilityErrorCode } from './capability-error-codes.js';
export { RelayedCapabilityError } from './relayed-capability-error.js';
/**
 * An expected failure of a capability call: the registry throws it, and capabilities may throw
 * it too (`CAP_UPSTREAM_FAILED`, `CAP_NOT_CONFIGURED`). It is the server's one coded error class,
 * `ServerError`, under the registry's name (so `toErrorPayload` and the status table treat it like
 * every other server error). A rate limit is refused with the server's one rate-limit code,
 * `SERVER_RATE_LIMITED`.
 *
 * @example
 * throw new CapabilityError('CAP_UPSTREAM_FAILED', 'The weather service did not answer.');
 */
export {
  isServerError as isCapabilityError,
  ServerError as CapabilityError,
} from './server-error.js';
