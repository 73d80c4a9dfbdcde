import { type Kysely, sql, type Transaction } from 'kysely';
import { createDatabase } from '../db/create-database.js';
import { CopyDatabaseError } from './copy-database-error.js';
import { migrateToLatest } from './server-migrations.js';
import { MIGRATION_TABLES, openSqliteCopySource, type SqliteCopySource } from './sqlite-copy-source.js';

/** What a finished copy did. */
export interface CopySummary {
  /** Where the rows went, with any password replaced by `***`. */
  target: string;
  /** Migrations applied to a temporary copy of an older source file. */
  sourceMigrated: string[];
  /** True when a `-wal` file was beside the source (a server may have been running on it). */
  sourceWalPresent: boolean;
  /** Rows copied per table, in copy order. */
  tables: Array<{ table: string; rows: number }>;
}

/** At most this many parameters per insert (PostgreSQL allows 65535). */
const PARAMETERS_PER_INSERT = 30_000;
const ROWS_PER_INSERT = 500;

/**
 * Copies every table of the svc SQLite file `from` into the PostgreSQL database `to`: migrates
 * the target to the build's schema, then, in one transaction, locks the tables, refuses any that
 * already holds rows, inserts the rows in batches (parents before children) and moves identity
 * sequences past the copied ids. A failure rolls the transaction back, leaving the tables empty.
 *
 * @example
 * const summary = await copySqliteToPostgres({ from: './data/svc.db', to: process.env.DATABASE_URL });
 */
export async function copySqliteToPostgres(options: { from: string; to: string }): Promise<CopySummary> {
  const source = await openSqliteCopySource(options.from);
  const target = createDatabase({ dataDir: '.', databaseUrl: options.to, poolSize: 2 });
  try {
    try {
      await sql`select 1`.execute(target.db);
    } catch (error) {
      throw new CopyDatabaseError(
        'COPY_TARGET_UNREACHABLE',
        `Could not connect to PostgreSQL at ${target.location}: ${error instanceof Error ? error.message : String(error)}.`,
        { cause: error },
      );
    }
    await migrateToLatest(target.db);
    const untyped = target.db as unknown as Kysely<unknown>;
    const tables = await untyped.transaction().execute((trx) => copyTables(source, trx));
    return {
      target: target.location,
      sourceMigrated: source.migrated,
      sourceWalPresent: source.walPresent,
      tables,
    };
  } finally {
    source.close();
    await target.destroy();
  }
}

async function copyTables(
  source: SqliteCopySource,
  trx: Transaction<unknown>,
): Promise<Array<{ table: string; rows: number }>> {
  const tables = source.readTables();
  const columnTypes = await readTargetColumnTypes(trx);
  for (const table of tables) {
    if (!columnTypes.has(table))
      throw new CopyDatabaseError(
        'COPY_SCHEMA_MISMATCH',
        `Table "${table}" has no counterpart in PostgreSQL.`,
      );
  }
  // Writers of a server already running on the target wait until the copy ends.
  if (tables.length > 0)
    await sql`lock table ${sql.join(tables.map((table) => sql.table(table)))} in exclusive mode`.execute(trx);
  for (const table of tables) {
    const { rows } = await sql<{
      found: boolean;
    }>`select exists (select 1 from ${sql.table(table)}) as found`.execute(trx);
    if (rows[0]?.found)
      throw new CopyDatabaseError(
        'COPY_TARGET_NOT_EMPTY',
        `Table "${table}" in PostgreSQL already holds rows: copy only into a new, empty database or schema. Nothing was written.`,
      );
  }
  const copied: Array<{ table: string; rows: number }> = [];
  for (const table of orderByForeignKeys(tables, await readForeignKeys(trx))) {
    const types = columnTypes.get(table) ?? new Map<string, string>();
    const columns = source.readColumns(table);
    for (const column of columns) {
      if (!types.has(column))
        throw new CopyDatabaseError(
          'COPY_SCHEMA_MISMATCH',
          `Column "${table}.${column}" has no counterpart in PostgreSQL.`,
        );
    }
    const rows = await copyRows(trx, table, columns, source.iterateRows(table, columns), types);
    copied.push({ table, rows });
  }
  await resetSequences(trx, tables);
  return copied;
}

async function copyRows(
  trx: Transaction<unknown>,
  table: string,
  columns: string[],
  rows: IterableIterator<unknown[]>,
  types: Map<string, string>,
): Promise<number> {
  const perInsert = Math.max(
    1,
    Math.min(ROWS_PER_INSERT, Math.floor(PARAMETERS_PER_INSERT / columns.length)),
  );
  const converters = columns.map((column) => toConverter(types.get(column) ?? 'text'));
  let batch: unknown[][] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(
        batch.map((row) => sql`(${sql.join(row)})`),
      )}`.execute(trx);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A SQLSTATE (five characters) is PostgreSQL refusing the rows; anything else is the connection.
      const sqlState = error instanceof Error ? (error as { code?: unknown }).code : undefined;
      if (typeof sqlState !== 'string' || !/^[0-9A-Z]{5}$/.test(sqlState))
        throw new CopyDatabaseError(
          'COPY_TARGET_UNREACHABLE',
          `PostgreSQL stopped answering while "${table}" was copied: ${reason}. Nothing was written.`,
          { cause: error },
        );
      throw new CopyDatabaseError(
        'COPY_ROW_REFUSED',
        `PostgreSQL refused a row of "${table}" (rows ${count + 1}–${count + batch.length}): ${reason}. Nothing was written.`,
        { cause: error },
      );
    }
    count += batch.length;
    batch = [];
  };
  for (const row of rows) {
    batch.push(row.map((value, index) => (converters[index] ?? String)(value)));
    if (batch.length >= perInsert) await flush();
  }
  await flush();
  return count;
}

/**
 * How a SQLite value becomes a PostgreSQL parameter for a column of `type`: 0/1 integers become
 * booleans, integers stay exact (as decimal text), JSON stays text (PostgreSQL parses it into
 * json/jsonb), blobs stay bytes.
 */
function toConverter(type: string): (value: unknown) => unknown {
  if (type === 'boolean') return (value) => (value === null ? null : Number(value) !== 0);
  return (value) => (typeof value === 'bigint' ? value.toString() : value);
}

/** Column data types of every table of the target's current schema. */
async function readTargetColumnTypes(db: Kysely<unknown>): Promise<Map<string, Map<string, string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const tables = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (MIGRATION_TABLES.includes(row.table_name)) continue;
    const columns = tables.get(row.table_name) ?? new Map<string, string>();
    columns.set(row.column_name, row.data_type);
    tables.set(row.table_name, columns);
  }
  return tables;
}

/** Foreign keys of the target's current schema, as child → parent table names. */
async function readForeignKeys(db: Kysely<unknown>): Promise<Array<{ child: string; parent: string }>> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_catalog.pg_constraint c
    join pg_catalog.pg_class child on child.oid = c.conrelid
    join pg_catalog.pg_class parent on parent.oid = c.confrelid
    join pg_catalog.pg_namespace n on n.oid = child.relnamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  return rows;
}

/**
 * `tables` with every parent before its children (Kahn's algorithm, by name among equals, so the
 * order is stable). A self-reference is ignored; a cycle would be reported as a mismatch.
 */
function orderByForeignKeys(
  tables: string[],
  foreignKeys: Array<{ child: string; parent: string }>,
): string[] {
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of foreignKeys) {
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  while (parents.size > 0) {
    const ready = [...parents]
      .filter(([, waiting]) => waiting.size === 0)
      .map(([table]) => table)
      .sort();
    if (ready.length === 0)
      throw new CopyDatabaseError(
        'COPY_SCHEMA_MISMATCH',
        `Foreign keys form a cycle among ${[...parents.keys()].join(', ')}.`,
      );
    for (const table of ready) {
      ordered.push(table);
      parents.delete(table);
      for (const waiting of parents.values()) waiting.delete(table);
    }
  }
  return ordered;
}

/** Moves every serial or identity sequence of `tables` past the largest copied id. */
async function resetSequences(db: Kysely<unknown>, tables: string[]): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string; sequence: string | null }>`
    select table_name, column_name,
      pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
    from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(
    db,
  );
  for (const row of rows) {
    if (!row.sequence || !tables.includes(row.table_name)) continue;
    await sql`select setval(${row.sequence}::regclass, coalesce((select max(${sql.ref(row.column_name)}) from ${sql.table(row.table_name)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
