import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GateDatabase } from '@svc/gate';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from '../db/create-database.js';

/** A database kind tests run against. */
export interface TestDatabaseTarget {
  name: 'sqlite' | 'postgres';
  /** Opens a fresh, empty database of this kind; `destroy()` removes it. */
  open(): Promise<Database>;
}

/** A real SQLite file in a fresh temporary directory. */
const sqliteTarget: TestDatabaseTarget = {
  name: 'sqlite',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'svc-test-'));
    const database = createDatabase({ dataDir: dir });
    return {
      ...database,
      async destroy() {
        await database.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * A fresh schema in the PostgreSQL database of `TEST_DATABASE_URL`, so test files running in
 * parallel never see each other's rows; dropped on `destroy()`.
 */
function postgresTarget(url: string): TestDatabaseTarget {
  return {
    name: 'postgres',
    async open() {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
      const db = new Kysely<GateDatabase>({ dialect: new PostgresDialect({ pool }) });
      return {
        db,
        dialect: 'postgres',
        location: `${url} (schema ${schema})`,
        openDedicatedClient: () =>
          new pg.Client({ connectionString: url, keepAlive: true, options: `-c search_path=${schema}` }),
        async destroy() {
          await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db);
          await db.destroy();
        },
      };
    },
  };
}

/**
 * The databases the gate and data suites run on: always SQLite, plus PostgreSQL when
 * `TEST_DATABASE_URL` is set (CI points it at the local server with a fresh database per run).
 *
 * @example
 * describe.each(testDatabaseTargets())('on $name', (target) => { … });
 */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [sqliteTarget, postgresTarget(url)] : [sqliteTarget];
}
