import type { Kysely, Selectable } from 'kysely';
import { normalizeEmailAddress } from '../auth/email-address.js';
import type { GateDatabase, UsersTable } from '../db/schema.js';
import type { PublicUser } from '../types.js';

/** A user row with its roles parsed. */
export interface UserRecord {
  id: string;
  email: string;
  roles: string[];
  emailVerified: boolean;
  createdAt: number;
}

/** Parses the JSON roles column defensively: a damaged value grants nothing. */
export function parseRoles(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}

/** Maps a users row to a record. */
export function toUserRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    roles: parseRoles(row.roles),
    emailVerified: row.email_verified_at !== null,
    createdAt: Number(row.created_at),
  };
}

/** What a client may see of a user. */
export function toPublicUser(record: UserRecord): PublicUser {
  return {
    id: record.id,
    email: record.email,
    roles: record.roles,
    emailVerified: record.emailVerified,
    createdAt: record.createdAt,
  };
}

/** Reads one user by id; undefined when there is none. */
export async function findUserById(db: Kysely<GateDatabase>, id: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUserRecord(row) : undefined;
}

/** Normalises an email address for storage and lookup (see `normalizeEmailAddress`: trim, NFKC, lower case). */
export function normalizeEmail(email: string): string {
  return normalizeEmailAddress(email);
}
