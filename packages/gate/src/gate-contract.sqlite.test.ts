import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { gateMigrations } from './db/migrations.js';
import type { GateDatabase } from './db/schema.js';
import {
  createGateContractContext,
  GATE_CONTRACT,
  type GateContractContext,
} from './testing/gate-contract.js';

// The gate's services on a real SQLite file, through the contract every database adapter passes
// (apps/server runs the same cases on PostgreSQL).
describe('the gate contract on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-gate-contract-'));
  const db = new Kysely<GateDatabase>({
    dialect: new SqliteDialect({ database: new Database(join(dir, 'gate.db')) }),
  });
  let context: GateContractContext;

  beforeAll(async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => gateMigrations } });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    context = createGateContractContext(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const contractCase of GATE_CONTRACT) {
    it(contractCase.name, () => contractCase.run(context));
  }
});
