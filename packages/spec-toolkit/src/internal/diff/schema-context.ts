import { parsePointer } from '../json-pointer.js';
import { CHANGE_LEVELS, type ChangeId, type ChangeSide, type RawChange } from './change-catalog.js';
import type { SchemaNode } from './schema-node.js';

/** Requests must keep accepting what old clients send; responses must not surprise old clients. */
export type SchemaDirection = 'request' | 'response';

/** What a schema describes: it picks the change id family (`request-parameter-…`, `response-body-…`). */
export type SchemaRole = 'parameter' | 'body' | 'property';

/** How a pair of schemas is being compared. */
export interface SchemaContext {
  direction: SchemaDirection;
  role: SchemaRole;
  /** Human subject for parameter and body roles (`query parameter "limit"`); properties name themselves. */
  subject: string;
}

/**
 * Builds a schema change id such as `request-property-type-changed` and checks the catalogue has it.
 *
 * @example
 * createSchemaChange({ direction: 'request', role: 'property', subject: '' }, 'type-changed', 'new', '/x', 'm').id;
 * // 'request-property-type-changed'
 */
export function createSchemaChange(
  context: SchemaContext,
  suffix: string,
  side: ChangeSide,
  location: string,
  message: string,
): RawChange {
  const id = `${context.direction}-${context.role === 'parameter' ? 'parameter' : context.role}-${suffix}`;
  if (!Object.hasOwn(CHANGE_LEVELS, id)) throw new Error(`Unknown change id ${id}: add it to the catalogue.`);
  const known = id as ChangeId;
  return { id: known, level: CHANGE_LEVELS[known], location, side, message };
}

/**
 * The subject of a schema change, capitalised, e.g. `Response property "login"`.
 *
 * @example
 * describeSubject({ direction: 'response', role: 'property', subject: '' }, node); // 'Response property "login"'
 */
export function describeSubject(context: SchemaContext, node: SchemaNode): string {
  const name = node.label === undefined ? describeSchemaPointer(node.pointer) : `property "${node.label}"`;
  const text = context.role === 'property' ? `${context.direction} ${name}` : context.subject;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Names a schema by where it lives: `property "name"`, `schema "Pet"`, with ` items` /
 * ` values` for array items and map values below them.
 *
 * @example
 * describeSchemaPointer('/components/schemas/Pet/properties/tags/items'); // 'property "tags" items'
 */
export function describeSchemaPointer(pointer: string): string {
  const tokens = parsePointer(pointer) ?? [];
  let suffix = '';
  let end = tokens.length;
  while (end > 0) {
    const last = tokens[end - 1];
    if (last === 'items') suffix = ` items${suffix}`;
    else if (last === 'additionalProperties') suffix = ` values${suffix}`;
    else break;
    end -= 1;
  }
  const name = tokens[end - 1];
  const parent = tokens[end - 2];
  if (name !== undefined && parent === 'properties') return `property "${name}"${suffix}`;
  if (
    name !== undefined &&
    (parent === 'definitions' || (parent === 'schemas' && tokens[end - 3] === 'components'))
  ) {
    return `schema "${name}"${suffix}`;
  }
  return `schema${suffix}`;
}

/**
 * A set of types for messages: `integer`, `integer | string`, `any`.
 *
 * @example
 * formatTypes(new Set(['string', 'integer'])); // 'integer | string'
 */
export function formatTypes(types: ReadonlySet<string> | null): string {
  if (types === null) return 'any';
  if (types.size === 0) return 'null';
  return [...types].sort().join(' | ');
}
