import { insertSession } from '../auth/session-store.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { GateDeps } from '../types.js';

/** A session opened by a passkey sign-in, as `auth.login` returns one. */
export interface PasskeySession {
  id: string;
  token: string;
  issuedAt: number;
  expiresAt: number;
}

/**
 * The ONE place a passkey sign-in becomes a session (issue 27's contract): a passkey with user
 * verification counts as both factors, so no second factor is asked. When the second-factor
 * decision (`gate.secondFactor.afterFirstFactor`) exists, this is where it is routed through,
 * with `method: 'passkey'`. The user agent and client address are stored with the session.
 *
 * @example
 * const session = await openPasskeySession(deps, tokens, { userId, userAgent, clientAddress });
 */
export async function openPasskeySession(
  deps: Pick<GateDeps, 'db' | 'clock' | 'config'>,
  tokens: SessionTokens,
  input: { userId: string; userAgent?: string | undefined; clientAddress?: string | undefined },
): Promise<PasskeySession> {
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
