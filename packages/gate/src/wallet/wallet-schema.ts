import type { Generated } from 'kysely';

/** One balance row per user; absent until the first credit (an absent row is a balance of 0). */
export interface WalletsTable {
  user_id: string;
  /** Whole tokens, never negative; always equal to the sum of the user's ledger amounts. */
  balance: number;
  updated_at: number;
}

/** The kinds of ledger entry: credits are `grant`, `purchase` and `refund`, debits `spend`. */
export type LedgerEntryKind = 'grant' | 'spend' | 'refund' | 'purchase';

/** The append-only ledger: rows are inserted, never updated except `balance_after` in their own transaction. */
export interface WalletLedgerTable {
  /** Insertion order (an identity column): the newest entry has the highest id. */
  id: Generated<number>;
  user_id: string;
  /** Signed: negative for spends, positive for credits. */
  amount: number;
  reason: string;
  /** Unique per user when set: a repeat of the key returns the first entry and moves no tokens. */
  idempotency_key: string | null;
  kind: LedgerEntryKind;
  /** The balance right after this entry applied, so a replayed request returns the first result. */
  balance_after: number;
  /** Who caused it: the admin's id for grants, null otherwise. */
  actor_id: string | null;
  created_at: number;
}

/** The wallet's tables, merged into `GateDatabase`. */
export interface WalletTables {
  wallets: WalletsTable;
  wallet_ledger: WalletLedgerTable;
}
