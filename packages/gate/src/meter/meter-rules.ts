import type { Kysely } from 'kysely';
import { matchBodyField } from '../data/json-sql.js';
import { detectSqlDialect } from '../data/sql-dialect.js';
import type { GateDatabase } from '../db/schema.js';

/** The documents collection holding the price list; only admins may read or write it. */
export const METER_RULES_COLLECTION = 'meter_rules';

/** A price: what one use of `resource` costs, in whole tokens. */
export interface MeterRule {
  /** The rule document's id. */
  id: string;
  resource: string;
  cost: number;
}

/**
 * Finds the rule of `resource`: the most recently updated document of `meter_rules` whose body
 * has `resource` equal to it. Null when there is none (the resource is free). A matching rule
 * whose `cost` is not a whole number ≥ 0 throws: a broken price must not make a resource free.
 *
 * @example
 * await findMeterRule(db, 'tool:spec.validate'); // { id: '…', resource: 'tool:spec.validate', cost: 5 }
 */
export async function findMeterRule(db: Kysely<GateDatabase>, resource: string): Promise<MeterRule | null> {
  const row = await db
    .selectFrom('documents')
    .select(['id', 'body'])
    .where('collection', '=', METER_RULES_COLLECTION)
    .where(matchBodyField(detectSqlDialect(db as Kysely<unknown>), 'resource', [resource]))
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const body = JSON.parse(row.body) as { cost?: unknown };
  const cost = body.cost;
  if (typeof cost !== 'number' || !Number.isSafeInteger(cost) || cost < 0) {
    throw new Error(`Meter rule ${row.id} for ${resource} has no valid cost (a whole number of tokens ≥ 0).`);
  }
  return { id: row.id, resource, cost };
}
