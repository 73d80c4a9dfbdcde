import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import type { SecondFactorChallengesTable } from './second-factor-schema.js';

/** How long a sign-in challenge lives, and how many codes may be tried against one. */
export const SECOND_FACTOR_CHALLENGE = { ttlMs: 5 * 60_000, maxAttempts: 5 } as const;

/** A challenge is 32 random bytes in base64url: exactly 43 characters. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ChallengeRow = Selectable<SecondFactorChallengesTable>;

function hashChallenge(challenge: string): string {
  return createHash('sha256').update(challenge).digest('hex');
}

/**
 * Stores a new challenge (only its SHA-256) and returns it with its expiry.
 *
 * @example
 * const { challenge } = await insertChallenge(db, { userId, firstFactor: 'password', passed, kind: 'verify', now });
 */
export async function insertChallenge(
  db: Kysely<GateDatabase>,
  input: {
    userId: string;
    firstFactor: string;
    passed: boolean;
    kind: 'verify' | 'enrol';
    now: number;
    userAgent?: string | undefined;
    clientAddress?: string | undefined;
  },
): Promise<{ challenge: string; expiresAt: number }> {
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = input.now + SECOND_FACTOR_CHALLENGE.ttlMs;
  // Expired challenges of this account go as new ones come: the table never grows with old ones.
  await db
    .deleteFrom('second_factor_challenges')
    .where('user_id', '=', input.userId)
    .where('expires_at', '<=', input.now)
    .execute();
  await db
    .insertInto('second_factor_challenges')
    .values({
      challenge_hash: hashChallenge(challenge),
      user_id: input.userId,
      first_factor: input.firstFactor,
      first_factor_passed: input.passed ? 1 : 0,
      kind: input.kind,
      pending_secret_sealed: null,
      attempts: 0,
      created_at: input.now,
      expires_at: expiresAt,
      used_at: null,
      user_agent: input.userAgent ? input.userAgent.slice(0, 512) : null,
      client_address: input.clientAddress ?? null,
    })
    .execute();
  return { challenge, expiresAt };
}

/** The live challenge (unused, unexpired, attempts left), or undefined. */
export async function findLiveChallenge(
  db: Kysely<GateDatabase>,
  input: { challenge: string; now: number },
): Promise<ChallengeRow | undefined> {
  if (!CHALLENGE_PATTERN.test(input.challenge)) return undefined;
  return db
    .selectFrom('second_factor_challenges')
    .selectAll()
    .where('challenge_hash', '=', hashChallenge(input.challenge))
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .where('attempts', '<', SECOND_FACTOR_CHALLENGE.maxAttempts)
    .executeTakeFirst();
}

/** Counts one attempt; false when the challenge is no longer live (used, expired, out of attempts). */
export async function countChallengeAttempt(
  db: Kysely<GateDatabase>,
  input: { challenge: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('second_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('challenge_hash', '=', hashChallenge(input.challenge))
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .where('attempts', '<', SECOND_FACTOR_CHALLENGE.maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses the challenge up; false when another request used it first. */
export async function consumeChallenge(
  db: Kysely<GateDatabase>,
  input: { challenge: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('second_factor_challenges')
    .set({ used_at: input.now })
    .where('challenge_hash', '=', hashChallenge(input.challenge))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the secret offered to an `enrol` challenge (sealed). */
export async function setPendingSecret(
  db: Kysely<GateDatabase>,
  input: { challenge: string; sealed: string },
): Promise<void> {
  await db
    .updateTable('second_factor_challenges')
    .set({ pending_secret_sealed: input.sealed })
    .where('challenge_hash', '=', hashChallenge(input.challenge))
    .execute();
}
