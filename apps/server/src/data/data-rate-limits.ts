import type { FastifyRequest } from 'fastify';

/**
 * Reads of `/db` per minute: signed-in callers per user (whatever address or credential they
 * use), anonymous callers per client address (`request.ip`, X-Forwarded-For only from a trusted
 * proxy). A list page is at most 2 MiB (the gate's `MAX_LIST_BYTES`), so one anonymous address
 * reads at most 120 MiB of listings a minute; reading one document is cheaper (at most 256 KiB).
 * Admins count as signed-in users.
 */
export const DATA_READ_RATE_LIMITS = {
  list: { anonymous: 60, signedIn: 300 },
  get: { anonymous: 300, signedIn: 1200 },
} as const;

/**
 * The route `config.rateLimit` of one `/db` read route; over the limit it answers 429
 * `SERVER_RATE_LIMITED` in the one error shape, with `retry-after`.
 *
 * @example
 * app.get('/:collection', { config: { rateLimit: dataReadRateLimit('list') } }, handler);
 */
export function dataReadRateLimit(name: keyof typeof DATA_READ_RATE_LIMITS) {
  const limits = DATA_READ_RATE_LIMITS[name];
  return {
    timeWindow: '1 minute',
    max: (request: FastifyRequest) => (request.user ? limits.signedIn : limits.anonymous),
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : `address:${request.ip}`,
  };
}
