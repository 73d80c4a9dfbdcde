import { insertSession } from '../auth/session-store.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { GateDeps } from '../types.js';

/**
 * Inserts a session and signs its JWT, as `auth.login` does for an account without a second factor.
 *
 * @example
 * const session = await openSession(deps, tokens, { userId, userAgent, clientAddress });
 */
export async function openSession(
  deps: GateDeps,
  tokens: SessionTokens,
  input: { userId: string; userAgent?: string | undefined; clientAddress?: string | undefined },
): Promise<{ id: string; token: string; issuedAt: number; expiresAt: number }> {
  const now = deps.clock.now();
  const session = await insertSession(deps.db, {
    userId: input.userId,
    now,
    ttlMs: deps.config.sessionTtlMs,
    userAgent: input.userAgent,
    clientAddress: input.clientAddress,
  });
  const token = await tokens.sign({
    sid: session.id,
    sub: input.userId,
    iat: Math.floor(now / 1000),
    exp: Math.floor(session.expiresAt / 1000),
  });
  return { id: session.id, token, issuedAt: now, expiresAt: session.expiresAt };
}
