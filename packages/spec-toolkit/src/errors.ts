/**
 * The base of every error the spec toolkit can throw. The public tools never throw for bad
 * input (they return diagnostics); this class marks programming errors and unusable options.
 */
export class SpecToolkitError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpecToolkitError';
    this.code = code;
  }
}

/** True when `value` is a {@link SpecToolkitError}. */
export function isSpecToolkitError(value: unknown): value is SpecToolkitError {
  return value instanceof SpecToolkitError;
}
