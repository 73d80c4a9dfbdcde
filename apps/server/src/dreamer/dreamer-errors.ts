import { isDreamError } from '@svc/dreamer-core';

/** The one error shape's `error` member for a dreamer failure. */
export interface DreamerErrorPayload {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * Translates the core's dreamer errors (`DreamError`) to the one error shape; undefined for
 * any other error. (Too many runs in flight is the registry's `CAP_TOO_MANY_CONCURRENT`.) Validation problems go in
 * `details.errors` (pipeline) or `details.issues` (arguments), each with a JSON pointer.
 *
 * @example
 * const payload = toDreamerErrorPayload(error);
 * if (payload) return reply.status(statusOf(payload.code)).send({ error: payload });
 */
export function toDreamerErrorPayload(error: unknown): DreamerErrorPayload | undefined {
  if (!isDreamError(error)) return undefined;
  const { code, message, details } = error;
  if (details === undefined || details === null) return { code, message };
  if (code === 'DREAM_INVALID_PIPELINE') return { code, message, details: { errors: details } };
  if (Array.isArray(details)) return { code, message, details: { issues: details } };
  return { code, message, details: details as Record<string, unknown> };
}
