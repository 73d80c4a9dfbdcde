import { type ActivityErrorCode, isActivityError } from '@svc/activity-core';

/** Codes the server's activity area raises itself (the core's are `ActivityErrorCode`). */
export type ActivityServerErrorCode =
  /** 409: the book's latest export failed; `details.job` says why. Export again to retry. */
  | 'ACT_EXPORT_FAILED'
  /** 404: the book exists but was never exported. */
  | 'ACT_NOT_EXPORTED';

/**
 * An expected failure of the server's activity area (not of the core): a stable code, a message
 * safe to show the caller, optional details.
 *
 * @example
 * throw new ActivityServerError('ACT_NOT_EXPORTED', 'Export the book first.');
 */
export class ActivityServerError extends Error {
  readonly code: ActivityServerErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ActivityServerErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ActivityServerError';
    this.code = code;
    this.details = details;
  }
}

/** The one error shape's `error` member. */
export interface ErrorPayload {
  code: ActivityErrorCode | ActivityServerErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The translation layer from activity errors (the core's `ActivityError`, the server's
 * {@link ActivityServerError}) to the one error shape; undefined for any other error. Statuses
 * come from the status table, never from here.
 *
 * @example
 * const payload = toActivityErrorPayload(error);
 * if (payload) return reply.status(statusOf(payload.code)).send({ error: payload });
 */
export function toActivityErrorPayload(error: unknown): ErrorPayload | undefined {
  if (isActivityError(error)) {
    return {
      code: error.code,
      message: error.message,
      ...(error.issues.length > 0 ? { details: { issues: error.issues } } : {}),
    };
  }
  if (error instanceof ActivityServerError) {
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  }
  return undefined;
}
