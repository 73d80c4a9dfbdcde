/** The codes an adapter call can fail with; each has a status in errors/status-table.ts. */
export const ADAPTER_ERROR_CODES = [
  /** 400: the arguments do not match the function's schema, or the adapter refused them. */
  'ADAPTER_INVALID_ARGS',
  /** 404: no such system or function. */
  'ADAPTER_NOT_FOUND',
  /** 501: the adapter needs configuration this server lacks. */
  'ADAPTER_NOT_CONFIGURED',
  /** 502: the system behind the adapter failed. */
  'ADAPTER_UPSTREAM_FAILED',
] as const;

export type AdapterErrorCode = (typeof ADAPTER_ERROR_CODES)[number];

/**
 * An expected failure of an adapter function: adapters throw it (or a GateError) and the route
 * answers with the code's status and the one error shape. Anything else is an internal error.
 *
 * @example
 * throw new AdapterError('ADAPTER_UPSTREAM_FAILED', 'The payment processor did not answer.');
 */
export class AdapterError extends Error {
  readonly code: AdapterErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: AdapterErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AdapterError';
    this.code = code;
    this.details = options.details;
  }
}

/** True when `value` is an {@link AdapterError}. */
export function isAdapterError(value: unknown): value is AdapterError {
  return value instanceof AdapterError;
}
