import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import { GateError } from '../errors.js';
import type { LedgerEntryKind, WalletLedgerTable } from './wallet-schema.js';

/** One ledger entry as the wallet returns it. */
export interface LedgerEntry {
  id: string;
  userId: string;
  /** Signed: negative for spends. */
  amount: number;
  reason: string;
  kind: LedgerEntryKind;
  idempotencyKey: string | null;
  balanceAfter: number;
  actorId: string | null;
  createdAt: number;
}

/** The outcome of a balance change: the new balance, its entry and whether it was a replay. */
export interface WalletChange {
  balance: number;
  entry: LedgerEntry;
  /** True when the idempotency key had been used: nothing moved and the first result is returned. */
  replayed: boolean;
}

/** What one balance change writes. */
export interface EntryInput {
  userId: string;
  /** Signed whole tokens: negative debits (conditionally), positive credits. */
  amount: number;
  reason: string;
  kind: LedgerEntryKind;
  idempotencyKey: string | null;
  actorId: string | null;
  now: number;
}

/** Maps a ledger row (numbers may arrive as strings from some drivers) to an entry. */
export function toLedgerEntry(row: Selectable<WalletLedgerTable>): LedgerEntry {
  return {
    id: String(row.id),
    userId: row.user_id,
    amount: Number(row.amount),
    reason: row.reason,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    balanceAfter: Number(row.balance_after),
    actorId: row.actor_id,
    createdAt: Number(row.created_at),
  };
}

/** Reads a user's balance (0 without a wallet row) inside `db`, which may be a transaction. */
export async function readBalance(db: Kysely<GateDatabase>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

async function findByKey(db: Kysely<GateDatabase>, userId: string, key: string): Promise<LedgerEntry> {
  const row = await db
    .selectFrom('wallet_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return toLedgerEntry(row);
}

/** A repeat must ask for the same change as the first use of its key; anything else is a conflict. */
function assertSameRequest(first: LedgerEntry, input: EntryInput): void {
  if (first.kind !== input.kind || first.amount !== input.amount) {
    throw new GateError('GATE_CONFLICT', 'This idempotency key was already used for a different request.', {
      details: { idempotencyKey: input.idempotencyKey, kind: first.kind, amount: first.amount },
    });
  }
}

/** Moves the balance by `amount`; false when a debit would make it negative (nothing changed). */
async function moveBalance(trx: Transaction<GateDatabase>, input: EntryInput): Promise<number | null> {
  if (input.amount < 0) {
    const debit = -input.amount;
    // Atomic on both dialects: SQLite runs one write transaction at a time, and PostgreSQL
    // re-checks the WHERE on the latest row version after waiting for a concurrent writer.
    const row = await trx
      .updateTable('wallets')
      .set({ balance: sql`balance - ${debit}`, updated_at: input.now })
      .where('user_id', '=', input.userId)
      .where('balance', '>=', debit)
      .returning('balance')
      .executeTakeFirst();
    return row ? Number(row.balance) : null;
  }
  const row = await trx
    .insertInto('wallets')
    .values({ user_id: input.userId, balance: input.amount, updated_at: input.now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        balance: sql`wallets.balance + excluded.balance`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * Applies one balance change in one transaction: insert the ledger row (`ON CONFLICT DO
 * NOTHING` on the user's idempotency key, so a concurrent repeat neither fails the transaction
 * nor moves tokens twice), then move the balance — a debit only `WHERE balance >= amount`. A
 * debit that does not fit rolls everything back and throws 402 `GATE_INSUFFICIENT_BALANCE`.
 *
 * @example
 * await applyEntry(db, { userId, amount: -10, reason: 'export', kind: 'spend', idempotencyKey: 'k1', actorId: null, now });
 */
export async function applyEntry(db: Kysely<GateDatabase>, input: EntryInput): Promise<WalletChange> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('wallet_ledger')
      .values({
        user_id: input.userId,
        amount: input.amount,
        reason: input.reason,
        idempotency_key: input.idempotencyKey,
        kind: input.kind,
        balance_after: 0,
        actor_id: input.actorId,
        created_at: input.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // Only a keyed insert can conflict; the first use has committed (PostgreSQL waited for it).
      const first = await findByKey(trx, input.userId, input.idempotencyKey ?? '');
      assertSameRequest(first, input);
      return { balance: first.balanceAfter, entry: first, replayed: true };
    }
    const balance = await moveBalance(trx, input);
    if (balance === null) {
      const current = await readBalance(trx, input.userId);
      const required = -input.amount;
      throw new GateError(
        'GATE_INSUFFICIENT_BALANCE',
        `This needs ${required} tokens; the balance is ${current}.`,
        {
          details: { balance: current, required, shortfall: required - current },
        },
      );
    }
    const row = await trx
      .updateTable('wallet_ledger')
      .set({ balance_after: balance })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { balance, entry: toLedgerEntry(row), replayed: false };
  });
}
