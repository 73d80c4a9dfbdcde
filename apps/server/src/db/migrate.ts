import {
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  Migrator,
  PostgresAdapter,
  sql,
  type TableMetadata,
} from 'kysely';

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
    db: schema ? withSchemaIntrospection(database, schema) : database,
    provider: { getMigrations: async () => ({ ...migrations }) },
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * `db` whose `introspection` sees only the tables of `schema`, the one thing the migrator asks
 * it (whether its two tables exist). Kysely's PostgreSQL introspector reads every column of
 * every schema of the database and calls `has_schema_privilege(name)` and
 * `pg_get_serial_sequence(name)` on each row; those look the name up again, outside the query's
 * snapshot, so a schema dropped by anyone else while the query runs fails the migration with
 * `schema "…" does not exist` (parallel test files each drop their own schema; an operator's
 * database may hold other applications' schemas). Here only catalog rows are compared, by value.
 */
function withSchemaIntrospection(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: () => readSchemaTables(db, schema),
    getMetadata: async () => ({ tables: await readSchemaTables(db, schema) }),
  };
  // Kysely keeps its state in private fields, so methods run on the real instance.
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The tables and views of `schema`, by name only (the migrator reads no columns). */
async function readSchemaTables(db: Kysely<unknown>, schema: string): Promise<TableMetadata[]> {
  const { rows } = await sql<{ name: string; kind: string }>`
    select c.relname as name, c.relkind as kind
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'v', 'p')
    order by c.relname`.execute(db);
  return rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }));
}
