import type { FastifyReply } from 'fastify';
import type { ErrorPayload } from '../errors/error-shape.js';
import { statusOf } from '../errors/status-table.js';

/**
 * Answers a capability's error payload over HTTP: the status from the one status table, the
 * one error shape, and `retry-after` (seconds) for a rate limit.
 *
 * @example
 * if (!outcome.ok) return replyWithError(reply, outcome.error);
 */
export function replyWithError(reply: FastifyReply, error: ErrorPayload): FastifyReply {
  const retryAfterMs = error.details?.retryAfterMs;
  if (error.code === 'SERVER_RATE_LIMITED' && typeof retryAfterMs === 'number') {
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  }
  return reply.status(statusOf(error.code)).type('application/json').send({ error });
}
