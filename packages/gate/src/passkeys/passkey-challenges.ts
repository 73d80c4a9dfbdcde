import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';

/**
 * What a challenge was issued for: adding a passkey to an account, signing in with one, or the
 * second step of a password sign-in (bound to that account).
 */
export type PasskeyChallengePurpose = 'registration' | 'sign-in' | 'second-factor';

/** How long a ceremony may take from options to verification: 5 minutes. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** A challenge is 32 random bytes in base64url: exactly 43 characters. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashChallenge(challenge: string): string {
  return createHash('sha256').update(challenge).digest('hex');
}

/**
 * Stores a fresh challenge (its SHA-256 only) for one ceremony and returns it. Challenges that
 * expired more than a minute ago are deleted on the way, so the table stays small.
 *
 * @example
 * const challenge = await issuePasskeyChallenge(db, { purpose: 'sign-in', userId: null, now });
 */
export async function issuePasskeyChallenge(
  db: Kysely<GateDatabase>,
  input: { purpose: PasskeyChallengePurpose; userId: string | null; now: number },
): Promise<string> {
  await db
    .deleteFrom('passkey_challenges')
    .where('expires_at', '<', input.now - 60_000)
    .execute();
  const challenge = randomBytes(32).toString('base64url');
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: hashChallenge(challenge),
      purpose: input.purpose,
      user_id: input.userId,
      created_at: input.now,
      expires_at: input.now + PASSKEY_CHALLENGE_TTL_MS,
      used_at: null,
    })
    .execute();
  return challenge;
}

/**
 * Uses a challenge once, atomically: found (by hash), of this purpose, unused and not expired.
 * Answers the user it was bound to (null for a sign-in), or undefined when it may not be used.
 *
 * @example
 * const consumed = await consumePasskeyChallenge(db, { challenge, purpose: 'sign-in', now });
 */
export async function consumePasskeyChallenge(
  db: Kysely<GateDatabase>,
  input: { challenge: string; purpose: PasskeyChallengePurpose; now: number },
): Promise<{ userId: string | null } | undefined> {
  if (!CHALLENGE_PATTERN.test(input.challenge)) return undefined;
  const row = await db
    .updateTable('passkey_challenges')
    .set({ used_at: input.now })
    .where('challenge_hash', '=', hashChallenge(input.challenge))
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning('user_id')
    .executeTakeFirst();
  return row ? { userId: row.user_id } : undefined;
}

/**
 * The challenge a browser signed, read from the response's `clientDataJSON` (base64url JSON);
 * undefined when it is not readable. The signature check comes later, in the library: this only
 * finds which stored challenge to consume.
 *
 * @example
 * const challenge = readSignedChallenge(response.response.clientDataJSON);
 */
export function readSignedChallenge(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 8192) return undefined;
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}
