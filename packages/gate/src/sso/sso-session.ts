import type { Kysely } from 'kysely';
import { insertSession } from '../auth/session-store.js';
import type { GateDatabase } from '../db/schema.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { SessionContext } from './provider-claims.js';

/** A session opened by a single sign-on: the JWT for the cookie and its times (epoch ms). */
export interface SsoSession {
  id: string;
  token: string;
  issuedAt: number;
  expiresAt: number;
}

/**
 * The one place a single sign-on opens a session, as `auth.login` does after a password: a
 * sessions row and its signed JWT. A provider sign-in counts as the password step, so when the
 * second-factor decision exists this is where it is asked (`gate.secondFactor.afterFirstFactor`).
 * `clientAddress` is passed on for when sessions record it.
 *
 * @example
 * const session = await openSsoSession({ db, tokens, now, ttlMs }, { userId, userAgent, clientAddress });
 */
export async function openSsoSession(
  deps: { db: Kysely<GateDatabase>; tokens: SessionTokens; now: number; ttlMs: number },
  input: { userId: string } & SessionContext,
): Promise<SsoSession> {
  const { db, tokens, now, ttlMs } = deps;
  const session = await insertSession(db, { userId: input.userId, now, ttlMs, userAgent: input.userAgent });
  const token = await tokens.sign({
    sid: session.id,
    sub: input.userId,
    iat: Math.floor(now / 1000),
    exp: Math.floor(session.expiresAt / 1000),
  });
  return { id: session.id, token, issuedAt: now, expiresAt: session.expiresAt };
}
