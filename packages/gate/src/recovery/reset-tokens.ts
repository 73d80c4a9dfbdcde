import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';

/** The `verification_tokens.purpose` of password-reset tokens. */
export const RESET_PURPOSE = 'reset-password';

/** A token is 32 random bytes in base64url: exactly 43 characters (`issueVerificationToken`). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Where a reset token stands at `now`. */
export type ResetTokenState =
  | { state: 'unknown' }
  | { state: 'used' }
  | { state: 'expired' }
  | { state: 'usable'; userId: string };

/**
 * Reads a reset token's state without using it (the password is checked before the token is
 * spent, so a weak password does not cost the person their link).
 *
 * @example
 * const found = await readResetToken(db, { token, now });
 */
export async function readResetToken(
  db: Kysely<GateDatabase>,
  input: { token: string; now: number },
): Promise<ResetTokenState> {
  if (!TOKEN_PATTERN.test(input.token)) return { state: 'unknown' };
  const row = await db
    .selectFrom('verification_tokens')
    .select(['user_id', 'used_at', 'expires_at'])
    .where('token_hash', '=', createHash('sha256').update(input.token).digest('hex'))
    .where('purpose', '=', RESET_PURPOSE)
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.used_at !== null) return { state: 'used' };
  if (Number(row.expires_at) <= input.now) return { state: 'expired' };
  return { state: 'usable', userId: row.user_id };
}
