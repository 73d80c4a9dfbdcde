import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from './migrate.js';

const url = process.env.TEST_DATABASE_URL;

const probeMigrations = {
  '0001_probe': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('probe')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .execute();
    },
  },
};

/** Opens a pool on a fresh schema of `url`, as the PostgreSQL test databases do. */
async function openSchema(databaseUrl: string) {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    async drop() {
      await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db);
      await db.destroy();
    },
  };
}

/** Creates and drops schemas full of tables until `stop()`, as parallel test files do. */
function churnSchemas(databaseUrl: string) {
  let running = true;
  let drops = 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  const done = (async () => {
    await client.connect();
    while (running) {
      const schema = `churn_${randomBytes(6).toString('hex')}`;
      const tables = Array.from(
        { length: 20 },
        (_, i) => `CREATE TABLE ${schema}.t${i} (id serial primary key, a text, b bigint, c text)`,
      );
      await client.query(`CREATE SCHEMA ${schema}; ${tables.join('; ')}`);
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      drops += 1;
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return drops;
    },
  };
}

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  it('apply while other schemas of the same database are created and dropped', async () => {
    const databaseUrl = url as string;
    const schema = await openSchema(databaseUrl);
    const churn = churnSchemas(databaseUrl);
    const failures: string[] = [];
    try {
      expect(await applyMigrations(schema.db, probeMigrations)).toEqual(['0001_probe']);
      // Every run checks for the migrator's own tables first, even when nothing is left to apply.
      for (let i = 0; i < 40; i++) {
        await applyMigrations(schema.db, probeMigrations).then(
          (applied) => expect(applied).toEqual([]),
          (error: unknown) => failures.push(String(error)),
        );
      }
    } finally {
      const drops = await churn.stop();
      await schema.drop();
      expect(drops).toBeGreaterThan(0);
    }
    expect(failures).toEqual([]);
    // About 1 s on a quiet machine; the bound is for a loaded one (the full suite on two cores).
  }, 180_000);
});
