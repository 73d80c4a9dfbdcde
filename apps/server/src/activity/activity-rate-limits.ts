import type { FastifyRequest } from 'fastify';

/**
 * Per-client-IP limits of the activity routes that are not capabilities: an export queues a job
 * for the one worker. (Generating and printing are limited by their capabilities' policies, on
 * every surface: see docs/capabilities.md.) The key is `request.ip` (X-Forwarded-For only from a
 * trusted proxy).
 */
export const ACTIVITY_RATE_LIMITS = {
  export: { max: 30, timeWindow: '1 minute' },
} as const;

/**
 * The route `config.rateLimit` of one limited activity route.
 *
 * @example
 * app.post('/books/:id/export', { config: { rateLimit: activityRateLimit('export') } }, handler);
 */
export function activityRateLimit(name: keyof typeof ACTIVITY_RATE_LIMITS) {
  return { ...ACTIVITY_RATE_LIMITS[name], keyGenerator: (request: FastifyRequest) => request.ip };
}
