import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { GateDatabase, UsersTable } from '../db/schema.js';

/**
 * Inserts a session for `userId`, live from `now` for `ttlMs`. The id is 24 random bytes
 * (base64url): it is carried inside the signed JWT and checked against this table on every request.
 *
 * @example
 * const session = await insertSession(db, { userId, now: clock.now(), ttlMs, userAgent });
 */
export async function insertSession(
  db: Kysely<GateDatabase>,
  input: {
    userId: string;
    now: number;
    ttlMs: number;
    userAgent?: string | undefined;
    /** The client's IP, shown to the person in their sessions list. */
    clientAddress?: string | undefined;
  },
): Promise<{ id: string; expiresAt: number }> {
  const id = randomBytes(24).toString('base64url');
  const expiresAt = input.now + input.ttlMs;
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: input.userId,
      created_at: input.now,
      expires_at: expiresAt,
      revoked_at: null,
      user_agent: input.userAgent ? input.userAgent.slice(0, 512) : null,
      last_seen_at: input.now,
      client_address: input.clientAddress ? input.clientAddress.slice(0, 64) : null,
    })
    .execute();
  return { id, expiresAt };
}

/**
 * Reads the user of a session that is live at `now` — the session exists, belongs to `userId`, is
 * not revoked and has not expired, and its account is not disabled — in one query, fresh on every call so a revoked session or a
 * changed role takes effect at once. Undefined otherwise.
 *
 * @example
 * const user = await findLiveSessionUser(db, { sessionId: claims.sid, userId: claims.sub, now });
 */
export async function findLiveSessionUser(
  db: Kysely<GateDatabase>,
  input: { sessionId: string; userId: string; now: number },
): Promise<
  (Selectable<UsersTable> & { session_expires_at: number; session_last_seen_at: number | null }) | undefined
> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .select('sessions.last_seen_at as session_last_seen_at')
    .where('sessions.id', '=', input.sessionId)
    .where('sessions.user_id', '=', input.userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', input.now)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Revokes one session; revoking twice keeps the first time.
 *
 * @example
 * await revokeSession(db, { id: sessionId, now: clock.now() });
 */
export async function revokeSession(
  db: Kysely<GateDatabase>,
  input: { id: string; now: number },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: input.now })
    .where('id', '=', input.id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Revokes every live session of a user, except `keepId` when given (the session that changed the
 * password stays signed in).
 *
 * @example
 * await revokeUserSessions(db, { userId, now, keepId: currentSessionId });
 */
export async function revokeUserSessions(
  db: Kysely<GateDatabase>,
  input: { userId: string; now: number; keepId?: string | undefined },
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: input.now })
    .where('user_id', '=', input.userId)
    .where('revoked_at', 'is', null);
  if (input.keepId !== undefined) query = query.where('id', '!=', input.keepId);
  await query.execute();
}

/** A live session as the person's own list and the admin's directory show it: never its token. */
export interface LiveSessionView {
  id: string;
  createdAt: number;
  /** To the minute; null for sessions older than migration 0005. */
  lastSeenAt: number | null;
  expiresAt: number;
  clientAddress: string | null;
  userAgent: string | null;
}

/**
 * The user's live sessions at `now` (not revoked, not expired), newest first, at most `limit`.
 *
 * @example
 * const sessions = await listLiveSessions(db, { userId, now: clock.now(), limit: 100 });
 */
export async function listLiveSessions(
  db: Kysely<GateDatabase>,
  input: { userId: string; now: number; limit: number },
): Promise<LiveSessionView[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'client_address', 'user_agent'])
    .where('user_id', '=', input.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', input.now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: Number(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
    expiresAt: Number(row.expires_at),
    clientAddress: row.client_address,
    userAgent: row.user_agent,
  }));
}
