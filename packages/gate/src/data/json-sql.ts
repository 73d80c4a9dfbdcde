import { type RawBuilder, sql } from 'kysely';
import type { SqlDialect } from './sql-dialect.js';

/*
 * SQL over the `body` JSON text column, for SQLite (json1) and PostgreSQL (jsonb). The field
 * name is always a bound parameter (the JSON path `$.field` in SQLite, the key in PostgreSQL),
 * never spliced into the SQL text; callers validate it against FIELD_NAME_PATTERN first as well,
 * so a path like `$.a.b` or `$[0]` cannot even be formed.
 */

/** A JSON scalar a filter compares against. */
export type JsonScalar = string | number | boolean | null;

/** The kind of a sort-key column, for binding cursor values with the right type. */
export type SortKeyKind = 'integer' | 'number' | 'text';

/** One column of a sort key: the expression to order and compare by, and its kind. */
export interface SortKeyPart {
  expression: RawBuilder<unknown>;
  kind: SortKeyKind;
}

/** Strings order by their first characters only, so a cursor stays small; ties fall to the id. */
export const SORT_TEXT_PREFIX = 200;

const sqlitePath = (field: string) => `$.${field}`;
const pgValue = (field: string) => sql`(cast(body as jsonb) -> cast(${field} as text))`;
const pgText = (field: string) => sql`(cast(body as jsonb) ->> cast(${field} as text))`;

function equalsOne(dialect: SqlDialect, field: string, value: JsonScalar): RawBuilder<boolean> {
  if (dialect === 'postgres') {
    // jsonb equality is typed: "42" ≠ 42, and 42 = 42.0.
    return sql<boolean>`${pgValue(field)} = cast(${JSON.stringify(value)} as jsonb)`;
  }
  const path = sqlitePath(field);
  if (value === null) return sql<boolean>`json_type(body, ${path}) = 'null'`;
  if (value === true) return sql<boolean>`json_type(body, ${path}) = 'true'`;
  if (value === false) return sql<boolean>`json_type(body, ${path}) = 'false'`;
  if (typeof value === 'number') {
    return sql<boolean>`(json_type(body, ${path}) in ('integer', 'real') and json_extract(body, ${path}) = ${value})`;
  }
  return sql<boolean>`(json_type(body, ${path}) = 'text' and json_extract(body, ${path}) = ${value})`;
}

/**
 * True for rows whose body field `field` equals one of `values` as a JSON value (type and value:
 * the string "42" and the number 42 are different values; list both to match either).
 *
 * @example
 * db.selectFrom('documents').where(matchBodyField('sqlite', 'score', ['42', 42]))
 */
export function matchBodyField(
  dialect: SqlDialect,
  field: string,
  values: readonly JsonScalar[],
): RawBuilder<boolean> {
  if (values.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    values.map((value) => equalsOne(dialect, field, value)),
    sql` or `,
  )})`;
}

/**
 * The sort key of a body field, as three non-null columns ordered together: a type rank
 * (missing or null 0, boolean 1, number 2, string 3, object or array 4), a number (numbers by
 * value as double precision, false 0 and true 1), and a text (strings by their first
 * {@link SORT_TEXT_PREFIX} characters, in code-point order on both dialects). So numbers sort
 * numerically and every type sorts the same way on SQLite and PostgreSQL.
 *
 * @example
 * bodySortKey('postgres', 'score'); // [rank, number, text] expressions
 */
export function bodySortKey(dialect: SqlDialect, field: string): SortKeyPart[] {
  if (dialect === 'postgres') {
    const type = sql`jsonb_typeof(${pgValue(field)})`;
    return [
      {
        expression: sql`(case ${type} when 'boolean' then 1 when 'number' then 2 when 'string' then 3 when 'object' then 4 when 'array' then 4 else 0 end)`,
        kind: 'integer',
      },
      {
        expression: sql`(case ${type} when 'number' then cast(${pgText(field)} as double precision) when 'boolean' then (case when ${pgText(field)} = 'true' then 1.0 else 0.0 end) else 0.0 end)`,
        kind: 'number',
      },
      {
        expression: sql`(case ${type} when 'string' then substr(${pgText(field)}, 1, ${sql.lit(SORT_TEXT_PREFIX)}) else '' end) collate "C"`,
        kind: 'text',
      },
    ];
  }
  const path = sqlitePath(field);
  const type = sql`json_type(body, ${path})`;
  return [
    {
      expression: sql`(case ${type} when 'false' then 1 when 'true' then 1 when 'integer' then 2 when 'real' then 2 when 'text' then 3 when 'object' then 4 when 'array' then 4 else 0 end)`,
      kind: 'integer',
    },
    {
      expression: sql`(case ${type} when 'integer' then cast(json_extract(body, ${path}) as real) when 'real' then json_extract(body, ${path}) when 'true' then 1.0 else 0.0 end)`,
      kind: 'number',
    },
    {
      expression: sql`(case ${type} when 'text' then substr(json_extract(body, ${path}), 1, ${sql.lit(SORT_TEXT_PREFIX)}) else '' end)`,
      kind: 'text',
    },
  ];
}

/**
 * A text column compared in code-point order: SQLite's default BINARY collation already is;
 * PostgreSQL gets `collate "C"` so its order does not depend on the database's locale.
 */
export function orderedText(dialect: SqlDialect, expression: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`${expression} collate "C"` : expression;
}

/** A cursor value bound as a parameter with an explicit type, so PostgreSQL need not guess. */
export function bindSortValue(
  dialect: SqlDialect,
  kind: SortKeyKind,
  value: string | number,
): RawBuilder<unknown> {
  if (dialect === 'sqlite') return sql`${value}`;
  switch (kind) {
    case 'integer':
      return sql`cast(${value} as bigint)`;
    case 'number':
      return sql`cast(${value} as double precision)`;
    case 'text':
      return sql`cast(${value} as text)`;
  }
}

/**
 * The body column cut down to `fields` (those it has): a JSON object text holding only them, built
 * by the database, so a reader that needs a few fields of large documents never receives or
 * parses the rest. Field names are bound parameters. A body that is not a JSON object reads as
 * `{}`, as `parseBody` would read it.
 *
 * @example
 * db.selectFrom('documents').select(projectBody('sqlite', ['n', 'title']).as('body'))
 */
export function projectBody(dialect: SqlDialect, fields: readonly string[]): RawBuilder<string> {
  if (fields.length === 0) return sql<string>`'{}'`;
  const names = sql.join(fields.map((field) => sql`${field}`));
  if (dialect === 'postgres') {
    // `json`, not `jsonb`: the values keep their text, so nested objects keep their key order. The
    // body is parsed once, in the subquery, and both the check and the cut read the result.
    return sql<string>`(select case when json_typeof(parsed.value) = 'object' then (select cast(coalesce(json_object_agg(key, value), cast('{}' as json)) as text) from json_each(parsed.value) where key in (${names})) else '{}' end from (select cast(body as json) as value) as parsed)`;
  }
  // json_each gives booleans as 1 and 0: turn them back into JSON true and false.
  return sql<string>`(case when json_valid(body) and json_type(body) = 'object' then (select json_group_object(key, case type when 'true' then json('true') when 'false' then json('false') else value end) from json_each(body) where key in (${names})) else '{}' end)`;
}
