import type { Gate, GateDatabase, RequestUser } from '@svc/gate';
import type { Kysely } from 'kysely';

function parseRoles(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The owner of an automation as a request user, read fresh for each run: their roles and
 * membership now, not when the automation was stored, so a lapsed membership or a revoked role
 * stops the steps that need it. Undefined when the account is gone.
 *
 * @example
 * const user = await loadOwner(db, gate, run.owner, run.id);
 */
export async function loadOwner(
  db: Kysely<GateDatabase>,
  gate: Gate,
  owner: string,
  runId: string,
): Promise<RequestUser | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'roles', 'email_verified_at', 'created_at'])
    .where('id', '=', owner)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const record = {
    id: row.id,
    email: row.email,
    roles: parseRoles(row.roles),
    emailVerified: row.email_verified_at !== null,
    createdAt: Number(row.created_at),
    membership: await gate.membership.readMembership(owner),
  };
  // Not a session of the owner's: the credential names the run, for logs and traces.
  return gate.access.toRequestUser(record, 'session', `automation:${runId}`);
}
