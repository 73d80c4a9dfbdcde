import type { ErrorPayload } from './error-shape.js';

/**
 * The failure of a nested `invoke` (a function-call's executor, say), carried as it came so
 * the outer call ends with the same payload: `toErrorPayload` answers it unchanged.
 *
 * @example
 * if (!outcome.ok) throw new RelayedCapabilityError(outcome.error);
 */
export class RelayedCapabilityError extends Error {
  readonly payload: ErrorPayload;

  constructor(payload: ErrorPayload) {
    super(payload.message);
    this.name = 'RelayedCapabilityError';
    this.payload = payload;
  }
}
