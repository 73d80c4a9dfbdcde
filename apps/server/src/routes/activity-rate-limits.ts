import type { FastifyRequest } from 'fastify';

/**
 * Per-client-IP limits of the activity routes that do work. Generating usually takes 2–20 ms but
 * up to about half a second of CPU (a 16×16 expert sudoku without symmetry), so 30 a minute holds
 * one client under a quarter of a core even at worst; printing takes about a millisecond; an
 * export queues a job for the one worker. The key is `request.ip` (X-Forwarded-For only from a
 * trusted proxy).
 */
export const ACTIVITY_RATE_LIMITS = {
  generate: { max: 30, timeWindow: '1 minute' },
  print: { max: 120, timeWindow: '1 minute' },
  export: { max: 30, timeWindow: '1 minute' },
} as const;

/**
 * The route `config.rateLimit` of one limited activity route.
 *
 * @example
 * app.post('/pages/print', { config: { rateLimit: activityRateLimit('print') } }, handler);
 */
export function activityRateLimit(name: keyof typeof ACTIVITY_RATE_LIMITS) {
  return { ...ACTIVITY_RATE_LIMITS[name], keyGenerator: (request: FastifyRequest) => request.ip };
}
