import type { FastifyRequest } from 'fastify';

/**
 * Per-client-IP limits of the /auth routes. The key is `request.ip`, which honours X-Forwarded-For
 * only from a trusted proxy (SVC_TRUST_PROXY), so rotating that header does not buy new budgets.
 */
export const AUTH_RATE_LIMITS = {
  /** Account creation: generous for an office behind one NAT, useless for mass registration. */
  signup: { max: 20, timeWindow: '1 hour' },
  /** Password guesses: 10 a minute is plenty for people and throttles online guessing. */
  login: { max: 10, timeWindow: '1 minute' },
  /** Tokens have 256 bits: the limit only caps wasted database work. */
  verify: { max: 20, timeWindow: '1 minute' },
  /** Each call may send a mail: a brake on using the server to mail-bomb (per account limits apply too). */
  resend: { max: 5, timeWindow: '10 minutes' },
  /** Changing a password checks the current one, so it is limited like login. */
  password: { max: 10, timeWindow: '1 minute' },
  /** Each call may send a reset mail (issue 27): per-account limits apply too, silently. */
  forgot: { max: 5, timeWindow: '10 minutes' },
  /** A reset hashes the new password; tokens have 256 bits, so this only caps wasted work. */
  reset: { max: 10, timeWindow: '1 minute' },
} as const;

/**
 * The route `config.rateLimit` of one limited /auth route.
 *
 * @example
 * app.post('/login', { config: { rateLimit: rateLimitOf('login') } }, handler);
 */
export function rateLimitOf(name: keyof typeof AUTH_RATE_LIMITS) {
  return { ...AUTH_RATE_LIMITS[name], keyGenerator: (request: FastifyRequest) => request.ip };
}
