import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';

/** A verification token is 32 random bytes in base64url: exactly 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a single-use token for `purpose` (e.g. `verify-email`) and stores only its SHA-256:
 * the token itself exists only in the link sent to the user.
 *
 * @example
 * const token = await issueVerificationToken(db, { userId, purpose: 'verify-email', now, ttlMs });
 * const link = `${verifyUrl}?token=${token}`;
 */
export async function issueVerificationToken(
  db: Kysely<GateDatabase>,
  input: { userId: string; purpose: string; now: number; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('verification_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      purpose: input.purpose,
      created_at: input.now,
      expires_at: input.now + input.ttlMs,
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses up a token and returns its user id, or undefined when the token is unknown, of another
 * purpose, already used or expired. The check and the marking are one UPDATE, so two concurrent
 * uses of one token cannot both succeed.
 *
 * @example
 * const userId = await consumeVerificationToken(db, { token, purpose: 'verify-email', now });
 */
export async function consumeVerificationToken(
  db: Kysely<GateDatabase>,
  input: { token: string; purpose: string; now: number },
): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(input.token)) return undefined;
  const row = await db
    .updateTable('verification_tokens')
    .set({ used_at: input.now })
    .where('token_hash', '=', hashToken(input.token))
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * When `userId`'s tokens for `purpose` were issued since `since` (epoch ms), newest first: what
 * the resend limits count.
 *
 * @example
 * const recent = await listTokenIssueTimes(db, { userId, purpose: 'verify-email', since: now - DAY });
 */
export async function listTokenIssueTimes(
  db: Kysely<GateDatabase>,
  input: { userId: string; purpose: string; since: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('verification_tokens')
    .select('created_at')
    .where('user_id', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('created_at', '>=', input.since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => Number(row.created_at));
}

/**
 * Marks every unused token of `userId` for `purpose` as used, so only a link issued after this
 * works.
 *
 * @example
 * await retireVerificationTokens(db, { userId, purpose: 'verify-email', now });
 */
export async function retireVerificationTokens(
  db: Kysely<GateDatabase>,
  input: { userId: string; purpose: string; now: number },
): Promise<void> {
  await db
    .updateTable('verification_tokens')
    .set({ used_at: input.now })
    .where('user_id', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .execute();
}
