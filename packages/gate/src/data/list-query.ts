import { type Kysely, type Selectable, sql } from 'kysely';
import type { DocumentsTable, GateDatabase } from '../db/schema.js';
import type { RequestUser } from '../types.js';
import { bindSortValue } from './json-sql.js';
import { decodeCursor, encodeCursor, type SortKeyValue } from './list-cursor.js';
import { type FilterValue, toFilterConditions, toListedCondition } from './list-filters.js';
import { parseSort, sortKeyOf } from './list-sort.js';
import type { SqlDialect } from './sql-dialect.js';

/** One listing request, already past the collection check. */
export interface ListQuery {
  user: RequestUser | null;
  collection: string;
  filters: Readonly<Record<string, FilterValue>>;
  sort: string | undefined;
  cursor: string | undefined;
  limit: number;
}

/** A page of rows and the cursor of the next page (null on the last page). */
export interface ListPage {
  rows: Selectable<DocumentsTable>[];
  nextCursor: string | null;
}

const keyAlias = (index: number) => `sort_key_${index}`;

/**
 * Runs a keyset-paginated listing: the read rule, the filters, `collection = ?`, then
 * `(sort key…, id) > (cursor…)` (or `<` descending), ordered by the same key and cut at
 * `limit + 1` rows to learn whether a next page exists. Every caller-supplied piece — field
 * names, values, cursor values — is a bound parameter.
 *
 * @example
 * const page = await runListQuery(db, 'sqlite', { user, collection: 'notes', filters: {}, sort: '-createdAt', cursor: undefined, limit: 50 });
 */
export async function runListQuery(
  db: Kysely<GateDatabase>,
  dialect: SqlDialect,
  query: ListQuery,
): Promise<ListPage> {
  const spec = parseSort(query.sort);
  const key = sortKeyOf(dialect, spec);
  const conditions = toFilterConditions(dialect, query.filters, query.user);
  const listed = toListedCondition(query.user);
  if (listed) conditions.push(listed);
  if (query.cursor !== undefined && query.cursor !== '') {
    const after = decodeCursor(
      query.cursor,
      spec.text,
      key.map((part) => part.kind),
    );
    const columns = sql.join(key.map((part) => part.expression));
    const values = sql.join(
      key.map((part, index) => bindSortValue(dialect, part.kind, after[index] as SortKeyValue)),
    );
    conditions.push(
      spec.descending ? sql<boolean>`(${columns}) < (${values})` : sql<boolean>`(${columns}) > (${values})`,
    );
  }

  let builder = db
    .selectFrom('documents')
    .selectAll()
    .select(key.map((part, index) => part.expression.as(keyAlias(index))))
    .where('collection', '=', query.collection);
  for (const condition of conditions) builder = builder.where(condition);
  for (const part of key) builder = builder.orderBy(part.expression, spec.descending ? 'desc' : 'asc');
  const found = (await builder.limit(query.limit + 1).execute()) as Array<
    Selectable<DocumentsTable> & Record<string, unknown>
  >;

  const page = found.slice(0, query.limit);
  const rows = page.map(stripSortKeys);
  const last = page.at(-1);
  if (found.length <= query.limit || last === undefined) return { rows, nextCursor: null };
  const lastKey = key.map((part, index): SortKeyValue => {
    const value = last[keyAlias(index)];
    return part.kind === 'text' ? String(value) : Number(value);
  });
  return { rows, nextCursor: encodeCursor(spec.text, lastKey) };
}

/** Drops the `sort_key_*` helper columns, leaving a plain `documents` row. */
function stripSortKeys(row: Selectable<DocumentsTable>): Selectable<DocumentsTable> {
  const { id, collection, owner, visibility, created_at, updated_at, body } = row;
  return { id, collection, owner, visibility, created_at, updated_at, body };
}
