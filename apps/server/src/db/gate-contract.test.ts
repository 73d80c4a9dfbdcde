import { createGateContractContext, GATE_CONTRACT, type GateContractContext } from '@svc/gate/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migrateToLatest } from '../app/server-migrations.js';
import { registerSessionTokens } from '../plugins/fastify-jwt-session-tokens.js';
import { type TestDatabaseTarget, testDatabaseTargets } from '../testing/test-databases.js';
import type { Database } from './create-database.js';

// The gate's contract (`@svc/gate/testing`) on the server's databases: the same cases the gate
// runs on SQLite, here on the server's SQLite file and, with TEST_DATABASE_URL, on PostgreSQL,
// with the server's session tokens (@fastify/jwt) instead of the gate's own.
describe.each(testDatabaseTargets())('the gate contract on $name', (target: TestDatabaseTarget) => {
  const app = Fastify();
  let database: Database;
  let context: GateContractContext;

  beforeAll(async () => {
    database = await target.open();
    await migrateToLatest(database.db);
    const secret = 'the server contract session secret, 32+ bytes';
    const tokens = await registerSessionTokens(app, { secret });
    context = createGateContractContext(database.db, { sessionTokens: { tokens, secret } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  for (const contractCase of GATE_CONTRACT) {
    it(contractCase.name, () => contractCase.run(context));
  }
});
