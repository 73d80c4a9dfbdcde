import type { Selectable } from 'kysely';
import type { DocumentsTable } from '../db/schema.js';
import { GateError } from '../errors.js';
import { isVisibility, type Visibility } from './ownership.js';
import { isStorableText } from './storable-text.js';

/** A stored document as callers see it: system fields first, then its own fields. */
export interface DataDocument {
  id: string;
  owner: string;
  visibility: Visibility;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds. */
  updatedAt: number;
  [field: string]: unknown;
}

/** Fields the server maintains; a request body cannot set them (`visibility` aside). */
export const SYSTEM_FIELDS = ['id', 'owner', 'visibility', 'createdAt', 'updatedAt'] as const;

/** Largest document body, as UTF-8 JSON without the system fields. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/** Deepest nesting of objects and arrays inside a document (the document itself is depth 1). */
export const MAX_DOCUMENT_DEPTH = 32;

const READ_ONLY_FIELDS = new Set<string>(['id', 'owner', 'createdAt', 'updatedAt']);
const ALL_SYSTEM_FIELDS = new Set<string>(SYSTEM_FIELDS);

/** What a create or patch body carries once its system fields are taken out. */
export interface DocumentInput {
  visibility: Visibility | undefined;
  /** The document's own fields, JSON round-tripped. */
  fields: Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Walks a body without recursion (so a hostile body cannot blow the stack) and reports the
 * first problem: nesting deeper than {@link MAX_DOCUMENT_DEPTH}, or a key or string that
 * cannot be stored (see `isStorableText`).
 */
function findBodyProblem(root: unknown): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      if (!isStorableText(value)) return 'Strings cannot contain NUL characters or unpaired surrogates.';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DOCUMENT_DEPTH) return `A document nests at most ${MAX_DOCUMENT_DEPTH} levels deep.`;
    for (const [key, child] of Object.entries(value)) {
      if (!isStorableText(key)) return 'Field names cannot contain NUL characters or unpaired surrogates.';
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Validates a create or patch body: a JSON object, no read-only system field (`id`, `owner`,
 * `createdAt`, `updatedAt` → 400 `GATE_INVALID_INPUT` naming them), a known `visibility`, at most
 * {@link MAX_DOCUMENT_DEPTH} levels deep, no NUL or unpaired surrogate in any key or string. The size limit is checked by the caller on the final
 * body ({@link serializeBody}), since a patch is merged first.
 *
 * @example
 * readDocumentInput({ title: 'Hi', visibility: 'public' }); // { visibility: 'public', fields: { title: 'Hi' } }
 * readDocumentInput({ owner: 'someone-else' }); // throws GATE_INVALID_INPUT
 */
export function readDocumentInput(data: unknown): DocumentInput {
  if (!isPlainObject(data)) throw new GateError('GATE_INVALID_INPUT', 'A document is a JSON object.');
  const refused = Object.keys(data).filter((key) => READ_ONLY_FIELDS.has(key));
  if (refused.length > 0) {
    throw new GateError(
      'GATE_INVALID_INPUT',
      `These fields are set by the server and cannot be written: ${refused.join(', ')}.`,
      {
        details: { fields: refused },
      },
    );
  }
  const { visibility, ...fields } = data;
  if (visibility !== undefined && !isVisibility(visibility)) {
    throw new GateError('GATE_INVALID_INPUT', 'visibility is "private", "public" or "unlisted".', {
      details: { field: 'visibility' },
    });
  }
  const problem = findBodyProblem(fields);
  if (problem) throw new GateError('GATE_INVALID_INPUT', problem);
  return { visibility, fields };
}

/**
 * Serialises a document's own fields for the `body` column, refusing (400) one larger than
 * {@link MAX_DOCUMENT_BYTES}. Values JSON cannot hold (undefined, functions) drop out as in
 * `JSON.stringify`.
 */
export function serializeBody(fields: Record<string, unknown>): string {
  const text = JSON.stringify(fields);
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_DOCUMENT_BYTES) {
    throw new GateError(
      'GATE_INVALID_INPUT',
      `A document is at most ${MAX_DOCUMENT_BYTES} bytes of JSON; this one is ${bytes}.`,
      {
        details: { maxBytes: MAX_DOCUMENT_BYTES, bytes },
      },
    );
  }
  return text;
}

/** Parses a `body` column; a damaged one reads as empty rather than failing the whole list. */
export function parseBody(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * Maps a `documents` row to the document callers see. System fields come from the columns and
 * win over any same-named key a body might hold.
 *
 * @example
 * toDataDocument(row); // { id, owner, visibility, createdAt, updatedAt, ...fields }
 */
export function toDataDocument(row: Selectable<DocumentsTable>): DataDocument {
  const fields = parseBody(row.body);
  for (const key of ALL_SYSTEM_FIELDS) delete fields[key];
  return {
    id: row.id,
    owner: row.owner,
    visibility: isVisibility(row.visibility) ? row.visibility : 'private',
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    ...fields,
  };
}
