import { sql } from 'kysely';
import { GateError } from '../errors.js';
import { assertFieldName } from './collection-rules.js';
import { bodySortKey, orderedText, type SortKeyPart } from './json-sql.js';
import type { SqlDialect } from './sql-dialect.js';

/** The order of a listing when none is asked for: newest first. */
export const DEFAULT_SORT = '-createdAt';

/** A parsed `sort` parameter. */
export interface SortSpec {
  field: string;
  descending: boolean;
  /** The canonical text (`field` or `-field`), which cursors are tied to. */
  text: string;
}

/** System fields and the column each sorts by; anything else sorts by a body field. */
const SYSTEM_SORT_COLUMNS = {
  createdAt: { column: 'created_at', kind: 'integer' },
  updatedAt: { column: 'updated_at', kind: 'integer' },
  owner: { column: 'owner', kind: 'text' },
  visibility: { column: 'visibility', kind: 'text' },
} as const;

/**
 * Parses `sort`: one field name, optionally prefixed with `-` for descending. Empty or absent
 * means {@link DEFAULT_SORT}. An invalid field name is 400 `GATE_INVALID_FIELD`.
 *
 * @example
 * parseSort('-score'); // { field: 'score', descending: true, text: '-score' }
 */
export function parseSort(sort: string | undefined): SortSpec {
  const text = sort === undefined || sort === '' ? DEFAULT_SORT : sort;
  const descending = text.startsWith('-');
  const field = descending ? text.slice(1) : text;
  assertFieldName(field);
  return { field, descending, text: `${descending ? '-' : ''}${field}` };
}

/**
 * The columns a listing orders by and its cursor compares, always ending with the id so the
 * order is total and stable: `(created_at, id)` for `createdAt`, `(id)` for `id`, and
 * `(type rank, number, text, id)` for a body field (see `bodySortKey`).
 *
 * @example
 * sortKeyOf('sqlite', parseSort('-createdAt')); // [created_at, id]
 */
export function sortKeyOf(dialect: SqlDialect, spec: SortSpec): SortKeyPart[] {
  const id: SortKeyPart = { expression: orderedText(dialect, sql.ref('id')), kind: 'text' };
  if (spec.field === 'id') return [id];
  if (Object.hasOwn(SYSTEM_SORT_COLUMNS, spec.field)) {
    const { column, kind } = SYSTEM_SORT_COLUMNS[spec.field as keyof typeof SYSTEM_SORT_COLUMNS];
    const expression = kind === 'text' ? orderedText(dialect, sql.ref(column)) : sql.ref(column);
    return [{ expression, kind }, id];
  }
  return [...bodySortKey(dialect, spec.field), id];
}

/** Throws `GATE_INVALID_INPUT` unless `limit` is an integer in 1…`max`. */
export function assertLimit(limit: number, max: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new GateError('GATE_INVALID_INPUT', `limit is an integer from 1 to ${max}.`, {
      details: { field: 'limit', max },
    });
  }
}
