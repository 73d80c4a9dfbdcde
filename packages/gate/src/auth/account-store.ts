import { type Kysely, type Selectable, sql } from 'kysely';
import type { GateDatabase, UsersTable } from '../db/schema.js';
import { GateError } from '../errors.js';

/** A users row, password hash included: never hand it to a client (see `toPublicUser`). */
export type UserRow = Selectable<UsersTable>;

/**
 * Reads a user row by normalised email; undefined when there is none.
 *
 * @example
 * const row = await findUserRowByEmail(db, 'ada@example.com');
 */
export async function findUserRowByEmail(
  db: Kysely<GateDatabase>,
  email: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * Reads a user row by id; undefined when there is none.
 *
 * @example
 * const row = await findUserRowById(db, userId);
 */
export async function findUserRowById(db: Kysely<GateDatabase>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts a user. A concurrent sign-up with the same email loses on the unique index: that
 * failure is reported as `GATE_EMAIL_TAKEN`, any other is rethrown.
 *
 * @example
 * await insertUser(db, { id, email, password_hash, roles: '["member"]', email_verified_at: null, created_at: now, updated_at: now });
 */
export async function insertUser(db: Kysely<GateDatabase>, row: UserRow): Promise<void> {
  try {
    await db.insertInto('users').values(row).execute();
  } catch (error) {
    if (await findUserRowByEmail(db, row.email)) throw emailTaken(error);
    throw error;
  }
}

/**
 * The error for an email that already has an account.
 *
 * @example
 * throw emailTaken();
 */
export function emailTaken(cause?: unknown): GateError {
  return new GateError('GATE_EMAIL_TAKEN', 'An account with this email already exists.', {
    details: { field: 'email' },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Updates some columns of one user and stamps `updated_at`; false when there is no such user.
 *
 * @example
 * await updateUser(db, userId, { roles: JSON.stringify(['member']) }, clock.now());
 */
export async function updateUser(
  db: Kysely<GateDatabase>,
  id: string,
  changes: Partial<Pick<UserRow, 'password_hash' | 'roles' | 'email_verified_at' | 'disabled_at'>>,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Holds one account's row until the transaction `trx` ends (the same no-op write as
 * {@link holdEnabledAdmins}): a check-then-change on the account's sign-in methods runs alone.
 *
 * @example
 * await holdUser(trx, userId); // then read, check and change
 */
export async function holdUser(trx: Kysely<GateDatabase>, userId: string): Promise<void> {
  await trx.updateTable('users').set({ updated_at: sql`updated_at` }).where('id', '=', userId).execute();
}

/**
 * Holds every enabled admin's row until the transaction `trx` ends (a no-op write: a row lock on
 * PostgreSQL, the write lock on SQLite), so a second change that could remove an admin's
 * standing waits here and then sees this one's outcome. Call it first in the transaction, then
 * {@link assertAnotherAdmin}, then the change: without it two admins demoting or disabling each
 * other at once both saw the other still an admin, and the install was left with none.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   await holdEnabledAdmins(trx);
 *   await assertAnotherAdmin(trx, userId);
 *   await updateUser(trx, userId, { disabled_at: now }, now);
 * });
 */
export async function holdEnabledAdmins(trx: Kysely<GateDatabase>): Promise<void> {
  await trx
    .updateTable('users')
    .set({ updated_at: sql`updated_at` })
    .where('disabled_at', 'is', null)
    .where('roles', 'like', '%"admin"%')
    .execute();
}

/**
 * Throws `GATE_LAST_ADMIN` unless an enabled account other than `userId` holds the admin role:
 * demoting or disabling the last admin would leave nobody able to administer the install.
 * (Roles are JSON text, so the candidates are filtered in SQL by substring and checked parsed.)
 *
 * @example
 * await assertAnotherAdmin(trx, userId); // before removing `admin` from userId, after holdEnabledAdmins(trx)
 */
export async function assertAnotherAdmin(db: Kysely<GateDatabase>, userId: string): Promise<void> {
  const candidates = await db
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('id', '!=', userId)
    .where('disabled_at', 'is', null)
    .where('roles', 'like', '%"admin"%')
    .limit(50)
    .execute();
  const another = candidates.some((row) => {
    try {
      const roles: unknown = JSON.parse(row.roles);
      return Array.isArray(roles) && roles.includes('admin');
    } catch {
      return false;
    }
  });
  if (!another) {
    throw new GateError(
      'GATE_LAST_ADMIN',
      'This is the last enabled admin account: make another account an admin first.',
      { details: { userId } },
    );
  }
}
