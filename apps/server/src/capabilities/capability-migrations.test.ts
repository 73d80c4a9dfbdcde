import { findMeterRule, type GateDatabase } from '@svc/gate';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { capabilityMigrations } from './capability-migrations.js';

const MIGRATION = capabilityMigrations['0200_meter_rules_tool_targets'];

async function insert(
  db: Kysely<GateDatabase>,
  id: string,
  collection: string,
  body: unknown,
): Promise<void> {
  await db
    .insertInto('documents')
    .values({
      id,
      collection,
      owner: 'admin',
      visibility: 'private',
      created_at: 1,
      updated_at: 7,
      body: JSON.stringify(body),
    })
    .execute();
}

async function bodies(db: Kysely<GateDatabase>): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('documents').select(['id', 'body', 'updated_at']).orderBy('id').execute();
  return Object.fromEntries(
    rows.map((row) => [row.id, { ...JSON.parse(row.body), updatedAt: Number(row.updated_at) }]),
  );
}

describe.each(testDatabaseTargets())('the meter target migration on $name', (target) => {
  it('rewrites adapter: rules to tool: and nothing else, and back down', async () => {
    const database = await target.open();
    try {
      await migrateToLatest(database.db);
      const db = database.db;
      await insert(db, 'r1', 'meter_rules', { resource: 'adapter:spec.validate', cost: 5 });
      await insert(db, 'r2', 'meter_rules', { resource: 'feature:dreamer.run', cost: 2 });
      await insert(db, 'r3', 'meter_rules', {
        resource: 'adapter:activity-pages.buildBook',
        cost: 0,
        note: 'kept',
      });
      await insert(db, 'n1', 'notes', { resource: 'adapter:spec.validate' });
      if (MIGRATION === undefined) throw new Error('the migration is missing');
      await MIGRATION.up(db as unknown as Kysely<unknown>);
      expect(await bodies(db)).toEqual({
        n1: { resource: 'adapter:spec.validate', updatedAt: 7 },
        r1: { resource: 'tool:spec.validate', cost: 5, updatedAt: 7 },
        r2: { resource: 'feature:dreamer.run', cost: 2, updatedAt: 7 },
        r3: { resource: 'tool:activity-pages.buildBook', cost: 0, note: 'kept', updatedAt: 7 },
      });
      // The gate's meter finds the rewritten rule under the new target.
      expect(await findMeterRule(db, 'tool:spec.validate')).toMatchObject({ id: 'r1', cost: 5 });
      await MIGRATION.down?.(db as unknown as Kysely<unknown>);
      expect(await bodies(db)).toMatchObject({
        r1: { resource: 'adapter:spec.validate' },
        r2: { resource: 'feature:dreamer.run' },
      });
    } finally {
      await database.destroy();
    }
  });
});
