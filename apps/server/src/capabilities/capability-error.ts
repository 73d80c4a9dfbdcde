import type { CapabilityErrorPayload } from './capability-types.js';

/** The codes the registry raises; each has a status in errors/status-table.ts. */
export const CAPABILITY_ERROR_CODES = [
  /** 404: no capability has this id (or MCP tool name); `details.suggestions` lists near misses. */
  'CAP_NOT_FOUND',
  /** 400: the arguments break the input schema; `details.issues` has a JSON pointer per problem. */
  'CAP_INVALID_ARGS',
  /** 429: the caller already has as many uses of this capability in flight as allowed. */
  'CAP_TOO_MANY_CONCURRENT',
  /** 499: the caller went away or cancelled before the answer. */
  'CAP_ABORTED',
  /** 501: the capability needs configuration this install lacks. */
  'CAP_NOT_CONFIGURED',
  /** 502: the system behind the capability failed. */
  'CAP_UPSTREAM_FAILED',
  /** 504: the use took longer than the capability's deadline. */
  'CAP_TIMEOUT',
] as const;

export type CapabilityErrorCode = (typeof CAPABILITY_ERROR_CODES)[number];

/**
 * An expected failure of a capability call: the registry throws it, and capabilities may throw
 * it too (`CAP_UPSTREAM_FAILED`, `CAP_NOT_CONFIGURED`). A rate limit is refused with the
 * server's one rate-limit code, `SERVER_RATE_LIMITED`.
 *
 * @example
 * throw new CapabilityError('CAP_UPSTREAM_FAILED', 'The weather service did not answer.');
 */
export class CapabilityError extends Error {
  readonly code: CapabilityErrorCode | 'SERVER_RATE_LIMITED';
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: CapabilityErrorCode | 'SERVER_RATE_LIMITED',
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CapabilityError';
    this.code = code;
    this.details = options.details;
  }
}

/** True when `value` is a {@link CapabilityError}. */
export function isCapabilityError(value: unknown): value is CapabilityError {
  return value instanceof CapabilityError;
}

/**
 * The failure of a nested `invoke` (a function-call's executor, say), carried as it came so
 * the outer call ends with the same payload: `toCapabilityErrorPayload` answers it unchanged.
 *
 * @example
 * if (!outcome.ok) throw new RelayedCapabilityError(outcome.error);
 */
export class RelayedCapabilityError extends Error {
  readonly payload: CapabilityErrorPayload;

  constructor(payload: CapabilityErrorPayload) {
    super(payload.message);
    this.name = 'RelayedCapabilityError';
    this.payload = payload;
  }
}
