import { type RawBuilder, sql } from 'kysely';
import { GateError } from '../errors.js';
import type { RequestUser } from '../types.js';
import { assertFieldName } from './collection-rules.js';
import { type JsonScalar, matchBodyField } from './json-sql.js';
import type { SqlDialect } from './sql-dialect.js';
import { isStorableText } from './storable-text.js';

/** A filter value: query-string text, or a typed JSON scalar from a programmatic caller. */
export type FilterValue = string | number | boolean | null;

/** Most filters one listing takes. */
export const MAX_FILTERS = 20;

/** Longest filter value, in characters. */
export const MAX_FILTER_VALUE_LENGTH = 1024;

const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const EPOCH_MS = /^-?[0-9]{1,16}$/;

/**
 * The JSON values a filter value matches. Text matches itself as a string and, when it reads as
 * one, the JSON number, boolean or null it spells: `42` matches 42 and "42", `true` matches true
 * and "true", `null` matches null and "null". A typed value matches only itself.
 *
 * @example
 * toFilterCandidates('42'); // ['42', 42]
 */
export function toFilterCandidates(value: FilterValue): JsonScalar[] {
  if (typeof value !== 'string') return [value];
  if (value === 'true') return [value, true];
  if (value === 'false') return [value, false];
  if (value === 'null') return [value, null];
  if (JSON_NUMBER.test(value)) {
    const number = Number(value);
    if (Number.isFinite(number)) return [value, number];
  }
  return [value];
}

function assertFilterValue(field: string, value: FilterValue): void {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new GateError('GATE_INVALID_INPUT', `The filter on ${field} is not a finite number.`, {
      details: { field },
    });
  }
  if (typeof value === 'string' && (value.length > MAX_FILTER_VALUE_LENGTH || !isStorableText(value))) {
    throw new GateError(
      'GATE_INVALID_INPUT',
      `A filter value is at most ${MAX_FILTER_VALUE_LENGTH} characters, without NUL.`,
      {
        details: { field },
      },
    );
  }
}

function toEpochMs(field: string, value: FilterValue): number {
  const number = typeof value === 'string' && EPOCH_MS.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new GateError('GATE_INVALID_INPUT', `${field} filters take an integer (epoch milliseconds).`, {
      details: { field },
    });
  }
  return number;
}

function filterOne(
  dialect: SqlDialect,
  field: string,
  value: FilterValue,
  user: RequestUser | null,
): RawBuilder<boolean> {
  switch (field) {
    case 'id':
      return sql<boolean>`id = ${String(value)}`;
    case 'owner': {
      if (value !== 'me') return sql<boolean>`owner = ${String(value)}`;
      if (user === null)
        throw new GateError('GATE_UNAUTHENTICATED', 'Sign in to list your own documents (owner=me).');
      return sql<boolean>`owner = ${user.id}`;
    }
    case 'visibility':
      return sql<boolean>`visibility = ${String(value)}`;
    case 'createdAt':
      return sql<boolean>`created_at = ${toEpochMs(field, value)}`;
    case 'updatedAt':
      return sql<boolean>`updated_at = ${toEpochMs(field, value)}`;
    default:
      return matchBodyField(dialect, field, toFilterCandidates(value));
  }
}

/**
 * Turns `field → value` filters into SQL conditions (all must hold). System fields (`id`,
 * `owner` — `me` meaning the caller —, `visibility`, `createdAt`, `updatedAt`) compare their
 * columns; any other name compares a body field by JSON value ({@link toFilterCandidates}).
 * Names are validated (400 `GATE_INVALID_FIELD`); names and values reach SQL only as bound
 * parameters.
 *
 * @example
 * toFilterConditions('sqlite', { status: 'done', owner: 'me' }, user); // two conditions
 */
export function toFilterConditions(
  dialect: SqlDialect,
  filters: Readonly<Record<string, FilterValue>>,
  user: RequestUser | null,
): RawBuilder<boolean>[] {
  const entries = Object.entries(filters);
  if (entries.length > MAX_FILTERS) {
    throw new GateError('GATE_INVALID_INPUT', `A listing takes at most ${MAX_FILTERS} filters.`, {
      details: { max: MAX_FILTERS },
    });
  }
  return entries.map(([field, value]) => {
    assertFieldName(field);
    assertFilterValue(field, value);
    return filterOne(dialect, field, value, user);
  });
}

/**
 * What a listing may show `user`: their own documents and public ones; only public ones when
 * anonymous; everything for admins (undefined: no condition). Unlisted documents of others never
 * appear. The SQL twin of `isListedFor`.
 */
export function toListedCondition(user: RequestUser | null): RawBuilder<boolean> | undefined {
  if (user?.isAdmin) return undefined;
  if (user === null) return sql<boolean>`visibility = ${'public'}`;
  return sql<boolean>`(owner = ${user.id} or visibility = ${'public'})`;
}
