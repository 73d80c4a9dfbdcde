import { randomUUID } from 'node:crypto';
import { GateError } from '../errors.js';
import type { GateDeps, PublicUser } from '../types.js';
import { findUserById, parseRoles, toPublicUser, toUserRecord } from '../users/user-records.js';
import {
  assertAnotherAdmin,
  findUserRowByEmail,
  findUserRowById,
  holdEnabledAdmins,
  insertUser,
  updateUser,
} from './account-store.js';
import { assertPasswordAllowed, normalizePassword, readEmail } from './credential-rules.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import { revokeUserSessions } from './session-store.js';

/** The account operations of the auth service that act on an existing user. */
export interface AccountAdmin {
  readPublicUser(userId: string): Promise<PublicUser>;
  changePassword(input: {
    userId: string;
    currentPassword: string;
    newPassword: string;
    keepSessionId?: string;
  }): Promise<void>;
  setRoles(input: { userId: string; roles: string[] }): Promise<PublicUser>;
  seedAdmin(input: { email: string; password: string }): Promise<PublicUser>;
}

function notFound(): GateError {
  return new GateError('GATE_NOT_FOUND', 'No such user.');
}

/**
 * Creates the account operations used by the auth service: password change, role changes and
 * the seeded admin. Split from `auth-service.ts` to keep each file to one concern.
 *
 * @example
 * const admin = createAccountAdmin(deps);
 * await admin.setRoles({ userId, roles: ['member', 'developer'] });
 */
export function createAccountAdmin(deps: GateDeps): AccountAdmin {
  const { db, clock, config } = deps;

  async function readPublicUser(userId: string): Promise<PublicUser> {
    const user = await findUserById(db, userId);
    if (!user) throw notFound();
    return toPublicUser(user);
  }

  return {
    readPublicUser,

    async changePassword({ userId, currentPassword, newPassword, keepSessionId }) {
      const row = await findUserRowById(db, userId);
      if (!row) throw notFound();
      if (!(await verifyPassword(normalizePassword(currentPassword), row.password_hash))) {
        throw new GateError('GATE_INVALID_CREDENTIALS', 'The current password is incorrect.');
      }
      const password = normalizePassword(newPassword);
      assertPasswordAllowed(password, row.email);
      const now = clock.now();
      await updateUser(db, userId, { password_hash: await hashPassword(password, config.passwordCost) }, now);
      await revokeUserSessions(db, { userId, now, keepId: keepSessionId });
    },

    async setRoles({ userId, roles }) {
      const known = new Set(Object.keys(config.rolePermissions));
      const unknown = roles.filter((role) => !known.has(role));
      if (unknown.length > 0) {
        throw new GateError('GATE_INVALID_INPUT', `Unknown role: ${unknown.join(', ')}.`, {
          details: { field: 'roles', unknownRoles: unknown, knownRoles: [...known] },
        });
      }
      const unique = [...new Set(roles)];
      await db.transaction().execute(async (trx) => {
        // Removing the admin role: the admins' rows are held first, so two such changes at once
        // cannot each see the other still an admin (see holdEnabledAdmins).
        if (!unique.includes('admin')) await holdEnabledAdmins(trx);
        const row = await findUserRowById(trx, userId);
        if (!row) throw notFound();
        if (
          !unique.includes('admin') &&
          parseRoles(row.roles).includes('admin') &&
          row.disabled_at === null
        ) {
          await assertAnotherAdmin(trx, userId);
        }
        if (!(await updateUser(trx, userId, { roles: JSON.stringify(unique) }, clock.now())))
          throw notFound();
      });
      return readPublicUser(userId);
    },

    // The password of an existing account is never overwritten: the account may have changed it
    // since (the environment variable would silently undo that on every restart), and a leaked
    // old SEED_ADMIN_PASSWORD must not reopen the account.
    async seedAdmin(input) {
      const email = readEmail(input.email);
      const now = clock.now();
      let row = await findUserRowByEmail(db, email);
      if (!row) {
        const password = normalizePassword(input.password);
        assertPasswordAllowed(password, email);
        const created = {
          id: randomUUID(),
          email,
          password_hash: await hashPassword(password, config.passwordCost),
          roles: JSON.stringify(['admin']),
          email_verified_at: now,
          created_at: now,
          updated_at: now,
          disabled_at: null,
        };
        try {
          await insertUser(db, created);
          return toPublicUser(toUserRecord(created));
        } catch (error) {
          // Another server seeding the same database at once won the insert: fall through and update.
          if (!(error instanceof GateError && error.code === 'GATE_EMAIL_TAKEN')) throw error;
          row = await findUserRowByEmail(db, email);
          if (!row) throw error;
        }
      }
      const roles = parseRoles(row.roles);
      // A disabled seeded admin is enabled again: the operator's recovery path (docs/gate/admin.md).
      if (!roles.includes('admin') || row.email_verified_at === null || row.disabled_at !== null) {
        await updateUser(
          db,
          row.id,
          {
            roles: JSON.stringify(roles.includes('admin') ? roles : [...roles, 'admin']),
            email_verified_at: row.email_verified_at ?? now,
            disabled_at: null,
          },
          now,
        );
      }
      return readPublicUser(row.id);
    },
  };
}
