import type { Kysely, Selectable } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import type { SecondFactorTotpTable } from './second-factor-schema.js';

export type TotpRow = Selectable<SecondFactorTotpTable>;

/** The user's authenticator row (confirmed or only begun), or undefined. */
export async function findTotp(db: Kysely<GateDatabase>, userId: string): Promise<TotpRow | undefined> {
  return db.selectFrom('second_factor_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** True when the user has a confirmed authenticator. */
export async function hasConfirmedTotp(db: Kysely<GateDatabase>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('second_factor_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a begun (unconfirmed) enrolment, replacing an earlier unconfirmed one. */
export async function writePendingTotp(
  db: Kysely<GateDatabase>,
  input: { userId: string; sealed: string; now: number },
): Promise<void> {
  await db
    .deleteFrom('second_factor_totp')
    .where('user_id', '=', input.userId)
    .where('confirmed_at', 'is', null)
    .execute();
  await db
    .insertInto('second_factor_totp')
    .values({
      user_id: input.userId,
      secret_sealed: input.sealed,
      confirmed_at: null,
      last_used_step: null,
      created_at: input.now,
    })
    .execute();
}

/** Stores a confirmed authenticator at once (enrolment finished during sign-in). */
export async function writeConfirmedTotp(
  db: Kysely<GateDatabase>,
  input: { userId: string; sealed: string; step: number; now: number },
): Promise<void> {
  await db.deleteFrom('second_factor_totp').where('user_id', '=', input.userId).execute();
  await db
    .insertInto('second_factor_totp')
    .values({
      user_id: input.userId,
      secret_sealed: input.sealed,
      confirmed_at: input.now,
      last_used_step: input.step,
      created_at: input.now,
    })
    .execute();
}

/**
 * Records that a code of `step` was accepted, confirming a begun enrolment; false when a code of
 * this step or a later one was already accepted (a replay). One conditional UPDATE, so the same
 * code sent twice at once is accepted once.
 */
export async function useTotpStep(
  db: Kysely<GateDatabase>,
  input: { userId: string; step: number; now: number; confirm?: boolean },
): Promise<boolean> {
  let query = db
    .updateTable('second_factor_totp')
    .set(
      input.confirm
        ? { last_used_step: input.step, confirmed_at: input.now }
        : { last_used_step: input.step },
    )
    .where('user_id', '=', input.userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', input.step)]));
  query = input.confirm
    ? query.where('confirmed_at', 'is', null)
    : query.where('confirmed_at', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the user's authenticator and recovery codes. */
export async function deleteSecondFactor(db: Kysely<GateDatabase>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('second_factor_totp').where('user_id', '=', userId).execute();
    await trx.deleteFrom('second_factor_recovery_codes').where('user_id', '=', userId).execute();
  });
}
