import { gateMigrations } from '@svc/gate';
import { type Kysely, type Migration, Migrator } from 'kysely';

/** Every migration the server runs, by name; names sort in the order they apply. */
export const serverMigrations: Record<string, Migration> = { ...gateMigrations };

/**
 * Brings the schema to the latest version. Versions are recorded in Kysely's migration table,
 * so running it at every start is safe; a failed migration stops the start with its error.
 */
export async function migrateToLatest(db: Kysely<never> | Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider: { getMigrations: async () => serverMigrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
