import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';

/** The roles whose members must have a second factor, sorted by name. */
export async function listRequiredRoles(db: Kysely<GateDatabase>): Promise<string[]> {
  const rows = await db
    .selectFrom('second_factor_role_requirements')
    .select('role')
    .orderBy('role')
    .execute();
  return rows.map((row) => row.role);
}

/** Requires (or stops requiring) a second factor for a role; idempotent. */
export async function writeRoleRequirement(
  db: Kysely<GateDatabase>,
  input: { role: string; required: boolean; by: string | null; now: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('second_factor_role_requirements').where('role', '=', input.role).execute();
    if (input.required) {
      await trx
        .insertInto('second_factor_role_requirements')
        .values({ role: input.role, required_at: input.now, required_by: input.by })
        .execute();
    }
  });
}

/** True when one of `roles` requires a second factor. */
export async function isRequiredForRoles(
  db: Kysely<GateDatabase>,
  roles: readonly string[],
): Promise<boolean> {
  if (roles.length === 0) return false;
  const row = await db
    .selectFrom('second_factor_role_requirements')
    .select('role')
    .where('role', 'in', [...roles])
    .executeTakeFirst();
  return row !== undefined;
}
