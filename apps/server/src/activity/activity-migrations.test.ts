import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, serverMigrations } from '../app/server-migrations.js';
import { type TestDatabaseTarget, testDatabaseTargets } from '../testing/test-databases.js';

describe.each(testDatabaseTargets())('activity migrations on $name', (target: TestDatabaseTarget) => {
  let database: Awaited<ReturnType<TestDatabaseTarget['open']>>;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database?.destroy());

  it('run after the gate, and a gate migration added later still applies (unordered sets)', async () => {
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(serverMigrations).sort());
    // A later gate migration sorts before 0100 but must still apply on this database.
    serverMigrations['0002_gate_later'] = {
      async up(db: Kysely<unknown>) {
        await db.schema.createTable('gate_later_probe').addColumn('id', 'text').execute();
      },
    };
    try {
      expect(await migrateToLatest(database.db)).toEqual(['0002_gate_later']);
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      delete serverMigrations['0002_gate_later'];
    }
  });
});
