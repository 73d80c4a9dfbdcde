import { gateMigrations } from '@svc/gate';
import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely';
import { activityMigrations } from '../activity/activity-migrations.js';
import { automationMigrations } from '../automations/automation-migrations.js';
import { capabilityMigrations } from '../capabilities/capability-migrations.js';
import { integrationMigrations } from '../integrations/integration-migrations.js';

/**
 * Every migration the server runs, by name; names sort in the order they apply. The gate's
 * (`0001_…`) and the server's own (`0100_…`) are independent sets, so the migrator allows a new
 * gate migration to apply after a server migration that sorts later.
 */
export const serverMigrations: Record<string, Migration> = {
  ...gateMigrations,
  ...activityMigrations,
  ...capabilityMigrations,
  ...integrationMigrations,
  ...automationMigrations,
};

/**
 * Brings the schema to the latest version. Versions are recorded in Kysely's migration table,
 * so running it at every start is safe; a failed migration stops the start with its error.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const database = db as unknown as Kysely<unknown>;
  // On PostgreSQL, pin Kysely's own tables to the current schema: otherwise its existence check
  // sees a kysely_migration table in any other schema of the database and skips creating its own.
  const schema =
    database.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => serverMigrations },
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
