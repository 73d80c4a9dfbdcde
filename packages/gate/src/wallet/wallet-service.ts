import { GateError } from '../errors.js';
import type { GateDeps } from '../types.js';
import {
  applyEntry,
  type LedgerEntry,
  readBalance,
  toLedgerEntry,
  type WalletChange,
} from './wallet-ledger.js';
import type { LedgerEntryKind } from './wallet-schema.js';

/** The largest single admin top-up, in tokens: a typo cannot mint an unbounded balance. */
export const MAX_TOKEN_GRANT = 1_000_000;
/** The largest single spend, refund or purchase credit, in tokens. */
export const MAX_TOKEN_AMOUNT = 1_000_000_000;
/** History page sizes. */
export const DEFAULT_HISTORY_LIMIT = 50;
export const MAX_HISTORY_LIMIT = 200;
const MAX_REASON_LENGTH = 200;
const MAX_KEY_LENGTH = 200;

/** A keyed change: the same key for the same user moves tokens once and returns the first result. */
export interface KeyedChangeInput {
  userId: string;
  amount: number;
  reason: string;
  idempotencyKey: string;
}

/** One page of a user's ledger, newest first. */
export interface HistoryPage {
  entries: LedgerEntry[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** The token wallet: a balance row plus an append-only ledger whose sum it always equals. */
export interface WalletService {
  balance(input: { userId: string }): Promise<{ balance: number }>;
  /** Debits `amount` (a positive integer); 402 `GATE_INSUFFICIENT_BALANCE` when short, nothing moved. */
  spend(input: KeyedChangeInput): Promise<WalletChange>;
  /** Admin top-up, at most {@link MAX_TOKEN_GRANT}; `idempotencyKey` optional. */
  grant(input: {
    userId: string;
    amount: number;
    reason: string;
    by: string;
    idempotencyKey?: string;
  }): Promise<WalletChange>;
  /** A compensating credit for an earlier spend (the meter refunds failed operations with it). */
  refund(input: KeyedChangeInput): Promise<WalletChange>;
  /** A purchased credit (token packs); key it by the payment so a repeated webhook credits once. */
  credit(input: KeyedChangeInput): Promise<WalletChange>;
  history(input: { userId: string; cursor?: string; limit?: number }): Promise<HistoryPage>;
}

function assertAmount(amount: number, max: number): void {
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > max) {
    throw new GateError(
      'GATE_INVALID_INPUT',
      `The amount must be a whole number of tokens from 1 to ${max}.`,
      {
        details: { amount, max },
      },
    );
  }
}

function assertText(name: string, value: string, max: number): void {
  if (value.length < 1 || value.length > max) {
    throw new GateError('GATE_INVALID_INPUT', `${name} must be 1 to ${max} characters.`);
  }
}

function decodeHistoryCursor(cursor: string): number {
  const id = /^[1-9][0-9]{0,15}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new GateError(
      'GATE_INVALID_CURSOR',
      'The cursor is not valid for this listing; start again without one.',
    );
  }
  return id;
}

/**
 * Creates the wallet over the gate's database (run `walletMigrations` first). Every change is
 * one transaction of {@link applyEntry}; balances never go negative.
 *
 * @example
 * const wallet = createWalletService(deps);
 * await wallet.grant({ userId, amount: 1000, reason: 'welcome', by: adminId });
 * await wallet.spend({ userId, amount: 10, reason: 'export', idempotencyKey: 'req-42' }); // { balance: 990, … }
 */
export function createWalletService(deps: GateDeps): WalletService {
  const { db, clock } = deps;

  function change(
    input: { userId: string; amount: number; reason: string; idempotencyKey?: string | undefined },
    kind: LedgerEntryKind,
    max: number,
    actorId: string | null = null,
  ): Promise<WalletChange> {
    assertAmount(input.amount, max);
    assertText('The reason', input.reason, MAX_REASON_LENGTH);
    if (input.idempotencyKey !== undefined)
      assertText('The idempotency key', input.idempotencyKey, MAX_KEY_LENGTH);
    return applyEntry(db, {
      userId: input.userId,
      amount: kind === 'spend' ? -input.amount : input.amount,
      reason: input.reason,
      kind,
      idempotencyKey: input.idempotencyKey ?? null,
      actorId,
      now: clock.now(),
    });
  }

  return {
    async balance({ userId }) {
      return { balance: await readBalance(db, userId) };
    },
    spend: (input) => change(input, 'spend', MAX_TOKEN_AMOUNT),
    refund: (input) => change(input, 'refund', MAX_TOKEN_AMOUNT),
    credit: (input) => change(input, 'purchase', MAX_TOKEN_AMOUNT),
    async grant(input) {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', input.userId)
        .executeTakeFirst();
      if (!user) throw new GateError('GATE_NOT_FOUND', 'No such user.');
      return change(input, 'grant', MAX_TOKEN_GRANT, input.by);
    },
    async history({ userId, cursor, limit = DEFAULT_HISTORY_LIMIT }) {
      const size = Math.min(Math.max(Math.trunc(limit), 1), MAX_HISTORY_LIMIT);
      let query = db.selectFrom('wallet_ledger').selectAll().where('user_id', '=', userId);
      if (cursor !== undefined) query = query.where('id', '<', decodeHistoryCursor(cursor));
      const rows = await query
        .orderBy('id', 'desc')
        .limit(size + 1)
        .execute();
      const entries = rows.slice(0, size).map(toLedgerEntry);
      const last = entries[entries.length - 1];
      return { entries, nextCursor: rows.length > size && last ? last.id : null };
    },
  };
}
