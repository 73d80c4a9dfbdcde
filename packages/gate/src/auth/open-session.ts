import { insertSession } from '../auth/session-store.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { GateDeps } from '../types.js';

/** A session just opened: the JWT for the cookie and its times (epoch ms, by the gate's clock). */
export interface OpenedSessionToken {
  id: string;
  token: string;
  issuedAt: number;
  expiresAt: number;
}

/**
 * The one place a session is opened, whatever signed the person in (a password, a finished second
 * step, a password-less passkey, single sign-on through the login decision): a sessions row with
 * the user agent and client address, and its signed JWT.
 *
 * @example
 * const session = await openSession(deps, tokens, { userId, userAgent, clientAddress });
 */
export async function openSession(
  deps: Pick<GateDeps, 'db' | 'clock' | 'config'>,
  tokens: SessionTokens,
  input: { userId: string; userAgent?: string | undefined; clientAddress?: string | undefined },
): Promise<OpenedSessionToken> {
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
