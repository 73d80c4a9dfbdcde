import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely';

/**
 * Brings the schema to the latest version of `migrations` (named so the names sort in the order
 * they apply; the list is the app's, `app/server-migrations.ts`). Versions are recorded in
 * Kysely's migration table, so running it at every start is safe; a failed migration stops the
 * start with its error. Answers the names applied now.
 *
 * @example
 * await applyMigrations(db, { ...gateMigrations, ...activityMigrations });
 */
export async function applyMigrations<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<string[]> {
  const database = db as unknown as Kysely<unknown>;
  // On PostgreSQL, pin Kysely's own tables to the current schema: otherwise its existence check
  // sees a kysely_migration table in any other schema of the database and skips creating its own.
  const schema =
    database.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => ({ ...migrations }) },
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
