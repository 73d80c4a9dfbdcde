import type { Kysely, Selectable } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import type { Membership } from '../types.js';
import type { MembershipsTable } from './membership-schema.js';
import { listFeatures, type PlanCatalogue } from './plan-catalogue.js';

/** A user's membership with what its owner may see of the billing state. */
export interface MembershipView extends Membership {
  cancelAtPeriodEnd: boolean;
  /** Who set it: `stripe`, `grant`, or null while the user never had one. */
  source: 'stripe' | 'grant' | null;
}

/** The full record, with the processor's ids (never sent to clients). */
export interface MembershipRecord extends MembershipView {
  userId: string;
  customerId: string | null;
  subscriptionId: string | null;
}

/**
 * Maps a row (or its absence) to a record, deriving the features from the catalogue.
 *
 * @example
 * const record = toMembershipRecord(catalogue, userId, await findMembershipRow(db, userId));
 */
export function toMembershipRecord(
  catalogue: PlanCatalogue,
  userId: string,
  row: Selectable<MembershipsTable> | undefined,
): MembershipRecord {
  if (row === undefined) {
    return {
      userId,
      plan: null,
      status: 'none',
      features: [],
      periodEnd: null,
      cancelAtPeriodEnd: false,
      source: null,
      customerId: null,
      subscriptionId: null,
    };
  }
  return {
    userId,
    plan: row.plan,
    status: row.status,
    features: listFeatures(catalogue, row.plan, row.status),
    periodEnd: row.current_period_end === null ? null : Number(row.current_period_end),
    cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
    source: row.source === 'grant' ? 'grant' : 'stripe',
    customerId: row.customer_id,
    subscriptionId: row.subscription_id,
  };
}

/**
 * The part of a record the guards read (`RequestUser.membership`).
 *
 * @example
 * access.toRequestUser({ ...user, membership: toMembership(record) }, 'session', sessionId);
 */
export function toMembership(record: MembershipRecord): Membership {
  return { plan: record.plan, status: record.status, features: record.features, periodEnd: record.periodEnd };
}

/**
 * What a client sees of a record: no processor ids.
 *
 * @example
 * reply.send(toMembershipView(await gate.membership.read({ userId })));
 */
export function toMembershipView(record: MembershipRecord): MembershipView {
  return { ...toMembership(record), cancelAtPeriodEnd: record.cancelAtPeriodEnd, source: record.source };
}

/**
 * Reads the row of a user inside `db` (which may be a transaction).
 *
 * @example
 * const row = await findMembershipRow(trx, userId);
 */
export async function findMembershipRow(
  db: Kysely<GateDatabase>,
  userId: string,
): Promise<Selectable<MembershipsTable> | undefined> {
  return db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Inserts or replaces the row of `row.user_id`.
 *
 * @example
 * await writeMembershipRow(trx, { user_id, plan: 'PRO', status: 'active', … });
 */
export async function writeMembershipRow(db: Kysely<GateDatabase>, row: MembershipsTable): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('memberships')
    .values(row)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
    .execute();
}
