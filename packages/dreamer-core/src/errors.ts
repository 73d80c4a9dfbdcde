/** Stable error codes raised by `@svc/dreamer-core`. */
export type DreamErrorCode =
  | 'DREAM_INVALID_PIPELINE'
  | 'DREAM_INVALID_ARGUMENTS'
  | 'DREAM_RUN_NOT_FOUND'
  | 'DREAM_RUN_NOT_RESUMABLE'
  | 'DREAM_ABORTED'
  | 'DREAM_TIMEOUT'
  | 'DREAM_PROVIDER_FAILED'
  | 'DREAM_STORE_FAILED'
  | 'DREAM_OUTPUT_INVALID';

/**
 * The one error class of the dreamer core; `code` is stable, `details` carries data
 * such as validation errors.
 *
 * @example
 * ```ts
 * throw new DreamError('DREAM_RUN_NOT_FOUND', 'No run "r1"');
 * ```
 */
export class DreamError extends Error {
  readonly code: DreamErrorCode;
  readonly details: unknown;

  constructor(code: DreamErrorCode, message: string, options: { cause?: unknown; details?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DreamError';
    this.code = code;
    this.details = options.details;
  }
}

/**
 * Tells whether a value is a {@link DreamError}, optionally with a given code.
 *
 * @example
 * ```ts
 * if (isDreamError(error, 'DREAM_INVALID_PIPELINE')) showErrors(error.details);
 * ```
 */
export function isDreamError(value: unknown, code?: DreamErrorCode): value is DreamError {
  return value instanceof DreamError && (code === undefined || value.code === code);
}
