import { ServerError } from '../errors/server-error.js';

/**
 * The error of a limit that could not be checked because the shared Redis did not answer: 503
 * `SERVER_REDIS_UNAVAILABLE`. Limits fail closed — an outage never lets a request through
 * uncounted and never falls back to counting per instance. Passes a {@link ServerError} through.
 *
 * @example
 * await redis.client.get(key).catch((error) => { throw toRedisUnavailable(error, 'rate limit'); });
 */
export function toRedisUnavailable(error: unknown, what: string): ServerError {
  if (error instanceof ServerError) return error;
  return new ServerError(
    'SERVER_REDIS_UNAVAILABLE',
    `The ${what} cannot be checked while the shared Redis is unavailable; retry shortly.`,
    { cause: error },
  );
}
