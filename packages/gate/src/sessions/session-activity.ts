import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';

/** A session's `last_seen_at` is written at most once in this long, however many requests it makes. */
export const SESSION_SEEN_RESOLUTION_MS = 60_000;

/**
 * Records that a session was used at `now`, when its `last_seen_at` (as just read, `lastSeenAt`)
 * is at least {@link SESSION_SEEN_RESOLUTION_MS} old. The UPDATE repeats the condition, so two
 * instances resolving the same session in the same minute write once between them.
 *
 * @example
 * await touchSession(db, { sessionId, lastSeenAt: row.session_last_seen_at, now });
 */
export async function touchSession(
  db: Kysely<GateDatabase>,
  input: { sessionId: string; lastSeenAt: number | null; now: number },
): Promise<void> {
  const due = input.now - SESSION_SEEN_RESOLUTION_MS;
  if (input.lastSeenAt !== null && Number(input.lastSeenAt) > due) return;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: input.now })
    .where('id', '=', input.sessionId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', due)]))
    .execute();
}
