import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import type { SecretBox } from './secret-box.js';

/** Codes in one set; each is ten characters (about 49 bits) shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/l/i: a code copied from paper reads back the same.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Lower-cased with spaces and dashes removed, so `ABCDE-FGHJK` and `abcde fghjk` are one code. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

function createRecoveryCode(): string {
  let text = '';
  for (let i = 0; i < 10; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/**
 * Replaces a user's recovery codes with a fresh set and returns it: the only time the codes
 * exist in clear. Every older code stops working.
 *
 * @example
 * const codes = await replaceRecoveryCodes(db, box, { userId, now });
 */
export async function replaceRecoveryCodes(
  db: Kysely<GateDatabase>,
  box: SecretBox,
  input: { userId: string; now: number },
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, createRecoveryCode);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('second_factor_recovery_codes').where('user_id', '=', input.userId).execute();
    await trx
      .insertInto('second_factor_recovery_codes')
      .values(
        codes.map((code) => ({
          id: randomUUID(),
          user_id: input.userId,
          code_hash: box.hashRecoveryCode(normalizeRecoveryCode(code)),
          created_at: input.now,
          used_at: null,
        })),
      )
      .execute();
  });
  return codes;
}

/** True when `code` is one of the user's unused codes (nothing is marked). */
export async function hasRecoveryCode(
  db: Kysely<GateDatabase>,
  box: SecretBox,
  input: { userId: string; code: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('second_factor_recovery_codes')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('code_hash', '=', box.hashRecoveryCode(normalizeRecoveryCode(input.code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses up one code; false when it is unknown or already used. Checking and marking are one
 * UPDATE, so a code raced from two places is accepted once.
 */
export async function consumeRecoveryCode(
  db: Kysely<GateDatabase>,
  box: SecretBox,
  input: { userId: string; code: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('second_factor_recovery_codes')
    .set({ used_at: input.now })
    .where('user_id', '=', input.userId)
    .where('code_hash', '=', box.hashRecoveryCode(normalizeRecoveryCode(input.code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many unused codes the user has left. */
export async function countRecoveryCodesLeft(db: Kysely<GateDatabase>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('second_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}
