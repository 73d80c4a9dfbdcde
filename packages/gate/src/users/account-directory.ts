import { type Kysely, sql } from 'kysely';
import type { AccessControl } from '../access/access-control.js';
import { assertAnotherAdmin, findUserRowById, holdEnabledAdmins, updateUser } from '../auth/account-store.js';
import { type LiveSessionView, listLiveSessions, revokeUserSessions } from '../auth/session-store.js';
import type { GateDatabase } from '../db/schema.js';
import { GateError } from '../errors.js';
import type { IdentityInvalidation } from '../identity-cache.js';
import type { Clock } from '../ports/clock.js';
import type { Membership } from '../types.js';
import { parseRoles } from './user-records.js';

/** A user as an admin sees them in the directory: never the password hash. */
export interface AccountSummary {
  id: string;
  email: string;
  roles: string[];
  /** What the roles grant, from the role → permission map (sorted). */
  permissions: string[];
  emailVerified: boolean;
  createdAt: number;
  /** When the account was disabled, null while enabled. */
  disabledAt: number | null;
  membership: Membership;
  /** Whole tokens in the wallet (0 before the first credit). */
  balance: number;
}

/** One page of {@link AccountDirectory.list}. */
export interface AccountPage {
  users: AccountSummary[];
  /** Accounts matching the search, all pages together. */
  total: number;
  offset: number;
  limit: number;
}

/** A session as an admin sees it: never its token. */
export type AccountSession = LiveSessionView;

/** An API key as an admin sees it: never the secret or its hash. */
export interface AccountApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** Default and largest page of {@link AccountDirectory.list}. */
export const DEFAULT_ACCOUNT_PAGE = 25;
export const MAX_ACCOUNT_PAGE = 100;
/** Longest email search accepted (an address is at most 254 characters). */
export const MAX_ACCOUNT_SEARCH = 254;

/** The admin's view of accounts: list and search, disable and re-enable, sessions. */
export interface AccountDirectory {
  /** The configured roles with what each grants, in the map's order. */
  listRoles(): { name: string; permissions: string[] }[];
  /** Accounts whose email contains `search` (case-insensitive; `%` and `_` match themselves), by email. */
  list(input: { search?: string; offset?: number; limit?: number }): Promise<AccountPage>;
  /** One account; `GATE_NOT_FOUND` when there is none. */
  read(userId: string): Promise<AccountSummary>;
  /**
   * Disables (`disabled: true`) or re-enables an account. Disabling revokes every session and
   * makes the account's API keys authenticate nothing until it is enabled again, on every
   * instance at once (the identity invalidation); the account's data stays. `by` (the admin) may
   * not disable themself (`GATE_FORBIDDEN`), nor the last enabled admin (`GATE_LAST_ADMIN`).
   */
  setDisabled(input: { userId: string; disabled: boolean; by: string }): Promise<AccountSummary>;
  /** The live sessions of an account, newest first. */
  listSessions(userId: string): Promise<AccountSession[]>;
  /** Revokes one session of `userId` at once; `GATE_NOT_FOUND` when it is not a live one of theirs. */
  revokeSession(input: { userId: string; sessionId: string }): Promise<void>;
  /** The live API keys of an account, newest first. */
  listKeys(userId: string): Promise<AccountApiKey[]>;
  /** Revokes one API key of `userId` at once; `GATE_NOT_FOUND` when it is not a live one of theirs. */
  revokeKey(input: { userId: string; keyId: string }): Promise<void>;
}

/** What the directory is built from. */
export interface AccountDirectoryDeps {
  db: Kysely<GateDatabase>;
  clock: Clock;
  access: AccessControl;
  identities: IdentityInvalidation;
  readMembership(userId: string): Promise<Membership>;
  /** The configured role → permission map. */
  rolePermissions: Record<string, readonly string[]>;
}

/** Escapes LIKE's wildcards (and the escape character) so a search matches its own text. */
function toContainsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function readPaging(input: { offset?: number; limit?: number }): { offset: number; limit: number } {
  const offset = input.offset ?? 0;
  const limit = input.limit ?? DEFAULT_ACCOUNT_PAGE;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new GateError('GATE_INVALID_INPUT', 'offset is a whole number from 0.', {
      details: { field: 'offset' },
    });
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_ACCOUNT_PAGE)
    throw new GateError('GATE_INVALID_INPUT', `limit is a whole number from 1 to ${MAX_ACCOUNT_PAGE}.`, {
      details: { field: 'limit' },
    });
  return { offset, limit };
}

function notFound(): GateError {
  return new GateError('GATE_NOT_FOUND', 'No such user.');
}

/**
 * Creates the account directory of the admin screen and API.
 *
 * @example
 * const directory = createAccountDirectory({ db, clock, access, identities, readMembership });
 * const page = await directory.list({ search: 'example.com', limit: 25 });
 */
export function createAccountDirectory(deps: AccountDirectoryDeps): AccountDirectory {
  const { db, clock, access, identities } = deps;

  async function summarise(row: {
    id: string;
    email: string;
    roles: string;
    email_verified_at: number | null;
    created_at: number;
    disabled_at: number | null;
    balance: number | null;
  }): Promise<AccountSummary> {
    const roles = parseRoles(row.roles);
    return {
      id: row.id,
      email: row.email,
      roles,
      permissions: access.permissionsFor(roles),
      emailVerified: row.email_verified_at !== null,
      createdAt: Number(row.created_at),
      disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
      membership: await deps.readMembership(row.id),
      balance: row.balance === null ? 0 : Number(row.balance),
    };
  }

  const selectAccounts = () =>
    db
      .selectFrom('users')
      .leftJoin('wallets', 'wallets.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.roles',
        'users.email_verified_at',
        'users.created_at',
        'users.disabled_at',
        'wallets.balance',
      ]);

  async function read(userId: string): Promise<AccountSummary> {
    const row = await selectAccounts().where('users.id', '=', userId).executeTakeFirst();
    if (!row) throw notFound();
    return summarise(row);
  }

  return {
    listRoles: () =>
      Object.entries(deps.rolePermissions).map(([name, permissions]) => ({
        name,
        permissions: [...permissions],
      })),

    async list(input) {
      const { offset, limit } = readPaging(input);
      const search = typeof input.search === 'string' ? input.search.trim().toLowerCase() : '';
      if (search.length > MAX_ACCOUNT_SEARCH)
        throw new GateError('GATE_INVALID_INPUT', `A search is at most ${MAX_ACCOUNT_SEARCH} characters.`, {
          details: { field: 'search' },
        });
      // Stored emails are normalised (lower case), so lower(email) LIKE works alike on both databases.
      const matches = sql<boolean>`lower(users.email) like ${toContainsPattern(search)} escape '\\'`;
      const [rows, count] = await Promise.all([
        selectAccounts().where(matches).orderBy('users.email').limit(limit).offset(offset).execute(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where(matches)
          .executeTakeFirstOrThrow(),
      ]);
      return { users: await Promise.all(rows.map(summarise)), total: Number(count.count), offset, limit };
    },

    read,

    async setDisabled({ userId, disabled, by }) {
      const row = await findUserRowById(db, userId);
      if (!row) throw notFound();
      if (disabled && userId === by)
        throw new GateError('GATE_FORBIDDEN', 'You cannot disable your own account.', {
          details: { userId },
        });
      if ((row.disabled_at !== null) === disabled) return read(userId);
      const now = clock.now();
      if (disabled) {
        await db.transaction().execute(async (trx) => {
          // The admins' rows first, then the account read again: two admins disabling each
          // other at once cannot both pass the check (see holdEnabledAdmins).
          await holdEnabledAdmins(trx);
          const current = await findUserRowById(trx, userId);
          if (!current) throw notFound();
          if (current.disabled_at === null && parseRoles(current.roles).includes('admin'))
            await assertAnotherAdmin(trx, userId);
          await updateUser(trx, userId, { disabled_at: now }, now);
        });
        await revokeUserSessions(db, { userId, now });
      } else {
        await updateUser(db, userId, { disabled_at: null }, now);
      }
      identities.invalidateUser(userId);
      return read(userId);
    },

    async listSessions(userId) {
      if (!(await findUserRowById(db, userId))) throw notFound();
      return listLiveSessions(db, { userId, now: clock.now(), limit: MAX_ACCOUNT_PAGE });
    },

    async revokeSession({ userId, sessionId }) {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new GateError('GATE_NOT_FOUND', 'No such live session.');
      identities.invalidateCredential(sessionId);
    },

    async listKeys(userId) {
      if (!(await findUserRowById(db, userId))) throw notFound();
      const rows = await db
        .selectFrom('api_keys')
        .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        createdAt: Number(row.created_at),
        lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
      }));
    },

    async revokeKey({ userId, keyId }) {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: clock.now() })
        .where('id', '=', keyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new GateError('GATE_NOT_FOUND', 'No such API key.');
      identities.invalidateCredential(keyId);
    },
  };
}
