/** One user's membership. A row exists once a plan was bought or granted. */
export interface MembershipsTable {
  user_id: string;
  plan: string | null;
  /** The processor's subscription status (`active`, `trialing`, `past_due`, `canceled`…) or `none`. */
  status: string;
  customer_id: string | null;
  subscription_id: string | null;
  current_period_end: number | null;
  /** 0/1. */
  cancel_at_period_end: number;
  /** `stripe` (set by webhooks and the cancel route) or `grant` (set by an admin). */
  source: string;
  updated_at: number;
}

/** Webhook events already applied: their ids make delivery idempotent. */
export interface PaymentEventsTable {
  event_id: string;
  type: string;
  received_at: number;
}

/** Paid token-pack checkouts, one row per checkout session: the wallet is credited once per row. */
export interface TokenPackPurchasesTable {
  session_id: string;
  user_id: string;
  pack: string;
  tokens: number;
  created_at: number;
}

/** The membership module's tables (merged into `GateDatabase`). */
export interface MembershipTables {
  memberships: MembershipsTable;
  payment_events: PaymentEventsTable;
  token_pack_purchases: TokenPackPurchasesTable;
}
