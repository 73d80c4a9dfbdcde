import { createGateContractContext, GATE_CONTRACT, type GateContractContext } from '@svc/gate/testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type TestDatabaseTarget, testDatabaseTargets } from '../testing/test-databases.js';
import type { Database } from './create-database.js';
import { migrateToLatest } from './migrate.js';

// The gate's contract (`@svc/gate/testing`) on the server's databases: the same cases the gate
// runs on SQLite, here on the server's SQLite file and, with TEST_DATABASE_URL, on PostgreSQL.
describe.each(testDatabaseTargets())('the gate contract on $name', (target: TestDatabaseTarget) => {
  let database: Database;
  let context: GateContractContext;

  beforeAll(async () => {
    database = await target.open();
    await migrateToLatest(database.db);
    context = createGateContractContext(database.db);
  });
  afterAll(async () => database.destroy());

  for (const contractCase of GATE_CONTRACT) {
    it(contractCase.name, () => contractCase.run(context));
  }
});
