/** Stable codes of the activity core's errors. */
export type ActivityErrorCode =
  | 'ACT_UNKNOWN_KIND'
  | 'ACT_INVALID_INPUT'
  | 'ACT_INVALID_PAGE'
  | 'ACT_INVALID_OPTIONS'
  | 'ACT_GENERATION_FAILED';

/** One problem with an input or a page, located by a JSON pointer into it. */
export interface ActivityIssue {
  code: string;
  message: string;
  /** JSON pointer into the input or doc (`''` for the whole value). */
  path: string;
}

/**
 * The error the activity core throws for bad input: a stable code, a human message and, for
 * input problems, every issue found.
 *
 * @example
 * try { generatePage({ kind: 'sudoku', input: { size: 5 } }); }
 * catch (error) { if (isActivityError(error)) console.log(error.code, error.issues); }
 */
export class ActivityError extends Error {
  readonly code: ActivityErrorCode;
  readonly issues: ActivityIssue[];

  constructor(
    code: ActivityErrorCode,
    message: string,
    options: { issues?: ActivityIssue[]; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ActivityError';
    this.code = code;
    this.issues = options.issues ?? [];
  }
}

/** True when `value` is an {@link ActivityError}. */
export function isActivityError(value: unknown): value is ActivityError {
  return value instanceof ActivityError;
}
