import type { Kysely } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import { GateError } from '../errors.js';
import type { PublicUser } from '../types.js';
import { parseRoles } from '../users/user-records.js';

/** What the gate keeps about a person apart from their documents and ledger (read in one go). */
export interface AccountProfile {
  user: PublicUser & { disabledAt: number | null };
  /** Sessions without their tokens: only ids, times and the user agent. */
  sessions: Array<{
    id: string;
    createdAt: number;
    expiresAt: number;
    revokedAt: number | null;
    userAgent: string | null;
  }>;
  /** API keys without their secrets (which the gate never had): id, name, prefix, times. */
  apiKeys: Array<{
    id: string;
    name: string;
    prefix: string;
    createdAt: number;
    lastUsedAt: number | null;
    revokedAt: number | null;
  }>;
  wallet: { balance: number };
  membership: {
    plan: string | null;
    status: string;
    source: string;
    currentPeriodEnd: number | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  tokenPackPurchases: Array<{ pack: string; tokens: number; createdAt: number }>;
}

/** One document as exported: the system fields and the stored body, parsed. */
export interface ExportedDocument {
  id: string;
  collection: string;
  visibility: string;
  createdAt: number;
  updatedAt: number;
  body: unknown;
}

/** One wallet ledger entry as exported. */
export interface ExportedLedgerEntry {
  id: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  reason: string;
  createdAt: number;
}

/** Rows per page of the paged readers: an export holds one page in memory at a time. */
export const ACCOUNT_DATA_PAGE = 200;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reads the profile part of a user's export (`GATE_NOT_FOUND` for an unknown user). */
export async function readAccountProfile(db: Kysely<GateDatabase>, userId: string): Promise<AccountProfile> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw new GateError('GATE_NOT_FOUND', 'No such user.');
  const [sessions, keys, wallet, membership, purchases] = await Promise.all([
    db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('wallets').select('balance').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('token_pack_purchases')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ]);
  return {
    user: {
      id: row.id,
      email: row.email,
      roles: parseRoles(row.roles),
      emailVerified: row.email_verified_at !== null,
      createdAt: Number(row.created_at),
      disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
    },
    sessions: sessions.map((session) => ({
      id: session.id,
      createdAt: Number(session.created_at),
      expiresAt: Number(session.expires_at),
      revokedAt: session.revoked_at === null ? null : Number(session.revoked_at),
      userAgent: session.user_agent,
    })),
    apiKeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      createdAt: Number(key.created_at),
      lastUsedAt: key.last_used_at === null ? null : Number(key.last_used_at),
      revokedAt: key.revoked_at === null ? null : Number(key.revoked_at),
    })),
    wallet: { balance: Number(wallet?.balance ?? 0) },
    membership: membership
      ? {
          plan: membership.plan,
          status: membership.status,
          source: membership.source,
          currentPeriodEnd:
            membership.current_period_end === null ? null : Number(membership.current_period_end),
          cancelAtPeriodEnd: Number(membership.cancel_at_period_end) === 1,
        }
      : null,
    tokenPackPurchases: purchases.map((purchase) => ({
      pack: purchase.pack,
      tokens: Number(purchase.tokens),
      createdAt: Number(purchase.created_at),
    })),
  };
}

/** The collections in which `userId` owns documents, sorted. */
export async function readOwnedCollections(db: Kysely<GateDatabase>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('documents')
    .select('collection')
    .distinct()
    .where('owner', '=', userId)
    .orderBy('collection')
    .execute();
  return rows.map((row) => row.collection);
}

/**
 * One page of the documents `userId` owns in `collection`, ordered by id; pass the last id of a
 * page as `after` for the next. An empty page is the end.
 */
export async function readOwnedDocumentPage(
  db: Kysely<GateDatabase>,
  input: { userId: string; collection: string; after?: string | undefined; limit?: number },
): Promise<ExportedDocument[]> {
  let query = db
    .selectFrom('documents')
    .selectAll()
    .where('owner', '=', input.userId)
    .where('collection', '=', input.collection);
  if (input.after !== undefined) query = query.where('id', '>', input.after);
  const rows = await query
    .orderBy('id')
    .limit(input.limit ?? ACCOUNT_DATA_PAGE)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    collection: row.collection,
    visibility: row.visibility,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    body: parseBody(row.body),
  }));
}

/** One page of the user's wallet ledger, oldest first; `after` is the last entry id of a page. */
export async function readLedgerPage(
  db: Kysely<GateDatabase>,
  input: { userId: string; after?: number | undefined; limit?: number },
): Promise<ExportedLedgerEntry[]> {
  let query = db.selectFrom('wallet_ledger').selectAll().where('user_id', '=', input.userId);
  if (input.after !== undefined) query = query.where('id', '>', input.after);
  const rows = await query
    .orderBy('id')
    .limit(input.limit ?? ACCOUNT_DATA_PAGE)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after),
    reason: row.reason,
    createdAt: Number(row.created_at),
  }));
}
