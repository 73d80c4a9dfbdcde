import { Buffer } from 'node:buffer';
import { GateError } from '../errors.js';
import type { SortKeyKind } from './json-sql.js';
import { isStorableText } from './storable-text.js';

/** The value of one sort-key column, as the last row of a page had it. */
export type SortKeyValue = string | number;

/** Longest cursor accepted; real ones stay far below (text keys are cut to 200 characters). */
export const MAX_CURSOR_LENGTH = 4096;

const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Encodes the position after a page: the sort it belongs to and the last row's sort key (id
 * included), as base64url JSON. Opaque to clients; only {@link decodeCursor} reads it.
 *
 * @example
 * encodeCursor('-createdAt', [1767225600000, 'b7c1…']); // 'eyJzIjoiLWNyZWF0ZWRBdCIs…'
 */
export function encodeCursor(sort: string, key: readonly SortKeyValue[]): string {
  return Buffer.from(JSON.stringify({ s: sort, k: key }), 'utf8').toString('base64url');
}

function invalidCursor(reason: string): GateError {
  return new GateError(
    'GATE_INVALID_CURSOR',
    `The cursor is not valid for this listing (${reason}); start again without one.`,
  );
}

function isValidKeyValue(kind: SortKeyKind, value: unknown): value is SortKeyValue {
  switch (kind) {
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'text':
      return typeof value === 'string' && value.length <= 1024 && isStorableText(value);
  }
}

/**
 * Reads a cursor made by {@link encodeCursor} for the same `sort`, checking every key value
 * against the kind of its column. Anything else — bad base64, bad JSON, another sort, a key of
 * the wrong shape — is 400 `GATE_INVALID_CURSOR`; a cursor's values only ever reach SQL as
 * bound parameters.
 *
 * @example
 * decodeCursor(cursor, '-createdAt', ['integer', 'text']); // [1767225600000, 'b7c1…']
 */
export function decodeCursor(cursor: string, sort: string, kinds: readonly SortKeyKind[]): SortKeyValue[] {
  if (cursor.length > MAX_CURSOR_LENGTH || !CURSOR_PATTERN.test(cursor)) throw invalidCursor('malformed');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('malformed');
  }
  if (typeof payload !== 'object' || payload === null) throw invalidCursor('malformed');
  const { s, k } = payload as { s?: unknown; k?: unknown };
  if (s !== sort) throw invalidCursor('it was made for another sort order');
  if (!Array.isArray(k) || k.length !== kinds.length) throw invalidCursor('malformed key');
  return kinds.map((kind, index) => {
    const value: unknown = k[index];
    if (!isValidKeyValue(kind, value)) throw invalidCursor('malformed key');
    return value;
  });
}
