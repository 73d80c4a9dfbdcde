import type { Kysely } from 'kysely';
import { type LiveSessionView, listLiveSessions } from '../auth/session-store.js';
import type { GateDatabase } from '../db/schema.js';
import { GateError } from '../errors.js';
import type { IdentityInvalidation } from '../identity-cache.js';
import type { Clock } from '../ports/clock.js';

/** One live session of a person, as they see it in their own list: never its token. */
export interface OwnSession extends LiveSessionView {
  /** True for the session that made this request. */
  current: boolean;
}

/** Most sessions one list shows (newest first). */
export const MAX_LISTED_SESSIONS = 100;

/** A person's own sessions: list them, end one, end all the others; and end all (admins, resets). */
export interface SessionsService {
  /** The live sessions of `userId`, newest first; `currentSessionId` marks the caller's own. */
  list(input: { userId: string; currentSessionId?: string | undefined }): Promise<OwnSession[]>;
  /** Ends one live session of `userId` at once; `GATE_NOT_FOUND` when it is not a live one of theirs. */
  end(input: { userId: string; sessionId: string }): Promise<void>;
  /** Ends every live session of `userId` but `keepSessionId` (when given); answers how many ended. */
  endOthers(input: { userId: string; keepSessionId?: string | undefined }): Promise<{ ended: number }>;
  /** Ends every live session of `userId` (an admin's "end all sessions"); answers how many ended. */
  endAll(input: { userId: string }): Promise<{ ended: number }>;
}

/**
 * Creates the sessions service over the gate's database; every ending is told to `identities`
 * so a cached session stops authenticating at once, on every instance.
 *
 * @example
 * const sessions = createSessionsService({ db, clock, identities });
 * const mine = await sessions.list({ userId, currentSessionId });
 */
export function createSessionsService(input: {
  db: Kysely<GateDatabase>;
  clock: Clock;
  identities: IdentityInvalidation;
}): SessionsService {
  const { db, clock, identities } = input;
  const endMany = async (userId: string, keepSessionId: string | undefined): Promise<{ ended: number }> => {
    let query = db
      .updateTable('sessions')
      .set({ revoked_at: clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', clock.now());
    if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
    const result = await query.executeTakeFirst();
    identities.invalidateUser(userId);
    return { ended: Number(result.numUpdatedRows) };
  };
  return {
    async list({ userId, currentSessionId }) {
      const sessions = await listLiveSessions(db, { userId, now: clock.now(), limit: MAX_LISTED_SESSIONS });
      return sessions.map((session) => ({ ...session, current: session.id === currentSessionId }));
    },
    async end({ userId, sessionId }) {
      // Another person's session id answers as an unknown one: the list of ids says nothing.
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new GateError('GATE_NOT_FOUND', 'No such live session.');
      identities.invalidateCredential(sessionId);
    },
    endOthers: ({ userId, keepSessionId }) => endMany(userId, keepSessionId),
    endAll: ({ userId }) => endMany(userId, undefined),
  };
}
