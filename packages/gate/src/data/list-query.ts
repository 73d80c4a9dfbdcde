import { type Kysely, type Selectable, sql } from 'kysely';
import type { DocumentsTable, GateDatabase } from '../db/schema.js';
import type { RequestUser } from '../types.js';
import { MAX_DOCUMENT_BYTES } from './document-shape.js';
import { bindSortValue, projectBody } from './json-sql.js';
import { decodeCursor, encodeCursor, type SortKeyValue } from './list-cursor.js';
import { type FilterValue, toFilterConditions, toListedCondition } from './list-filters.js';
import { parseSort, sortKeyOf } from './list-sort.js';
import type { SqlDialect } from './sql-dialect.js';

/** Most bytes one listing page holds (see {@link documentBytes}); a page stops early past it. */
export const MAX_LIST_BYTES = 2 * 1024 * 1024;

/** What a document's system fields add to its body's bytes in a listing or a quota. */
export const DOCUMENT_OVERHEAD_BYTES = 256;

/**
 * The bytes a document counts for in a listing page and in a quota: its body's UTF-8 JSON plus
 * {@link DOCUMENT_OVERHEAD_BYTES} for its system fields (so many empty documents still count).
 *
 * @example
 * documentBytes(2); // 258, the body `{}`
 */
export function documentBytes(bodyBytes: number): number {
  return bodyBytes + DOCUMENT_OVERHEAD_BYTES;
}

/** One listing request, already past the collection check. */
export interface ListQuery {
  user: RequestUser | null;
  collection: string;
  filters: Readonly<Record<string, FilterValue>>;
  sort: string | undefined;
  cursor: string | undefined;
  limit: number;
  /** Bytes the page may hold; default {@link MAX_LIST_BYTES}. A first row always fits. */
  maxBytes?: number;
  /** Body fields to read (already checked names); absent: whole bodies. Sizes still count whole bodies. */
  fields?: readonly string[] | undefined;
}

/** A page of rows and the cursor of the next page (null on the last page). */
export interface ListPage {
  rows: Selectable<DocumentsTable>[];
  nextCursor: string | null;
  /** What the rows count for against `maxBytes` (see {@link documentBytes}), by their whole bodies. */
  bytes: number;
}

const keyAlias = (index: number) => `sort_key_${index}`;

/**
 * The body a listing shows in place of one larger than {@link MAX_DOCUMENT_BYTES}. No user can
 * store such a document, but a collection the server writes itself (run records) might hold
 * one; listed whole, one row would break the page bound, since a page always takes its first row.
 * The document itself is still read whole with a get.
 *
 * @example
 * toOmittedBody(31_457_280); // '{"bodyOmitted":{"bytes":31457280,"maxBytes":262144}}'
 */
export function toOmittedBody(bytes: number): string {
  return JSON.stringify({ bodyOmitted: { bytes, maxBytes: MAX_DOCUMENT_BYTES } });
}

/** The body bytes a row counts for in a page: its own, or its omitted body's when too large to list. */
const listedBodyBytes = (bytes: number): number =>
  bytes > MAX_DOCUMENT_BYTES ? Buffer.byteLength(toOmittedBody(bytes), 'utf8') : bytes;

type KeyedRow = { id: string; body_bytes: number | string } & Record<string, unknown>;

/**
 * Runs a keyset-paginated listing: the read rule, the filters, `collection = ?`, then
 * `(sort key…, id) > (cursor…)` (or `<` descending), ordered by the same key and cut at
 * `limit + 1` rows to learn whether a next page exists. Every caller-supplied piece — field
 * names, values, cursor values — is a bound parameter.
 *
 * The page is also bounded by bytes: a first query reads only the ids, sort keys and body sizes
 * (`octet_length`, which neither database answers by reading the body), the page is cut where
 * it would pass `maxBytes`, and only the bodies of the rows kept are read. A page cut by bytes has
 * a `nextCursor` like one cut by `limit`; the sizes are checked again as the bodies are read, so a
 * row patched larger in between cannot push the page past the bound either. With `fields`, the
 * database cuts each body down to those fields ({@link projectBody}); the bound still counts
 * whole bodies, since the database reads them. A body larger than a document may be (only a
 * collection the server writes can hold one) is listed as {@link toOmittedBody}, so no row, not
 * even a page's first, can carry a page past `maxBytes`.
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
    .select('id')
    .select(sql<number | string>`octet_length(body)`.as('body_bytes'))
    .select(key.map((part, index) => part.expression.as(keyAlias(index))))
    .where('collection', '=', query.collection);
  for (const condition of conditions) builder = builder.where(condition);
  for (const part of key) builder = builder.orderBy(part.expression, spec.descending ? 'desc' : 'asc');
  const found = (await builder.limit(query.limit + 1).execute()) as KeyedRow[];

  const maxBytes = query.maxBytes ?? MAX_LIST_BYTES;
  const chosen = takeWithin(found.slice(0, query.limit), maxBytes, (row) =>
    listedBodyBytes(Number(row.body_bytes)),
  );
  const bodies = await readRows(db, { dialect, collection: query.collection, fields: query.fields }, chosen);
  // Rows deleted since the first query are skipped; a row grown since may end the page sooner.
  const rows: Selectable<DocumentsTable>[] = [];
  let used = 0;
  let last: KeyedRow | undefined;
  let cut = chosen.length < found.length;
  for (const entry of chosen) {
    const read = bodies.get(entry.id);
    if (read) {
      const { body_bytes: bodyBytes, ...fetched } = read;
      const size = Number(bodyBytes);
      // A body grown past the document bound since the first query is omitted like the others.
      const row = size > MAX_DOCUMENT_BYTES ? { ...fetched, body: toOmittedBody(size) } : fetched;
      const bytes = documentBytes(listedBodyBytes(size));
      if (rows.length > 0 && used + bytes > maxBytes) {
        cut = true;
        break;
      }
      used += bytes;
      rows.push(row);
    }
    last = entry;
  }
  if (!cut || last === undefined) return { rows, nextCursor: null, bytes: used };
  const position = last;
  const lastKey = key.map((part, index): SortKeyValue => {
    const value = position[keyAlias(index)];
    return part.kind === 'text' ? String(value) : Number(value);
  });
  return { rows, nextCursor: encodeCursor(spec.text, lastKey), bytes: used };
}

/** The longest prefix of `rows` within `maxBytes` (by {@link documentBytes}); never empty when `rows` is not. */
function takeWithin<T>(rows: readonly T[], maxBytes: number, bodyBytesOf: (row: T) => number): T[] {
  let used = 0;
  let count = 0;
  for (const row of rows) {
    const bytes = documentBytes(bodyBytesOf(row));
    if (count > 0 && used + bytes > maxBytes) break;
    used += bytes;
    count++;
  }
  return rows.slice(0, count);
}

type ReadRow = Selectable<DocumentsTable> & { body_bytes: number | string };

/**
 * The rows of the chosen ids (bodies cut down to `fields` when given) with their whole bodies'
 * sizes, by id; a row whose body is larger than a document may be is read without its body,
 * which {@link toOmittedBody} stands in for.
 */
async function readRows(
  db: Kysely<GateDatabase>,
  source: { dialect: SqlDialect; collection: string; fields: readonly string[] | undefined },
  chosen: readonly KeyedRow[],
): Promise<Map<string, ReadRow>> {
  const { fields } = source;
  const whole = chosen.filter((row) => Number(row.body_bytes) <= MAX_DOCUMENT_BYTES).map((row) => row.id);
  const omitted = chosen.filter((row) => Number(row.body_bytes) > MAX_DOCUMENT_BYTES).map((row) => row.id);
  const rowsOf = () =>
    db
      .selectFrom('documents')
      .select(['id', 'collection', 'owner', 'visibility', 'created_at', 'updated_at'])
      .select(sql<number | string>`octet_length(body)`.as('body_bytes'))
      .where('collection', '=', source.collection);
  const found = new Map<string, ReadRow>();
  if (whole.length > 0) {
    const rows = await rowsOf()
      .select(
        fields === undefined ? sql<string>`body`.as('body') : projectBody(source.dialect, fields).as('body'),
      )
      .where('id', 'in', whole)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  if (omitted.length > 0) {
    const rows = await rowsOf().where('id', 'in', omitted).execute();
    for (const row of rows) found.set(row.id, { ...row, body: toOmittedBody(Number(row.body_bytes)) });
  }
  return found;
}
