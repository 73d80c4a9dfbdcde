import { isDreamError } from '@svc/dreamer-core';

/** Codes the server's dreamer area raises itself (the core's are `DreamErrorCode`). */
export type DreamerServerErrorCode =
  /** 429: the caller already has the most concurrent runs allowed. */
  'DREAM_TOO_MANY_RUNS';

/**
 * An expected failure of the server's dreamer area (not of the core).
 *
 * @example
 * throw new DreamerServerError('DREAM_TOO_MANY_RUNS', 'Wait for a run to finish.', { limit: 3 });
 */
export class DreamerServerError extends Error {
  readonly code: DreamerServerErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: DreamerServerErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'DreamerServerError';
    this.code = code;
    this.details = details;
  }
}

/** The one error shape's `error` member for a dreamer failure. */
export interface DreamerErrorPayload {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * Translates dreamer errors (the core's `DreamError`, the server's {@link DreamerServerError}) to
 * the one error shape; undefined for any other error. Validation problems go in
 * `details.errors` (pipeline) or `details.issues` (arguments), each with a JSON pointer.
 *
 * @example
 * const payload = toDreamerErrorPayload(error);
 * if (payload) return reply.status(statusOf(payload.code)).send({ error: payload });
 */
export function toDreamerErrorPayload(error: unknown): DreamerErrorPayload | undefined {
  if (error instanceof DreamerServerError) {
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  }
  if (!isDreamError(error)) return undefined;
  const { code, message, details } = error;
  if (details === undefined || details === null) return { code, message };
  if (code === 'DREAM_INVALID_PIPELINE') return { code, message, details: { errors: details } };
  if (Array.isArray(details)) return { code, message, details: { issues: details } };
  return { code, message, details: details as Record<string, unknown> };
}
