import { isPlainObject } from '../json-pointer.js';
import { resolveLocal } from '../spec-model.js';

const MAX_LABEL_DEPTH = 4;

/** How type labels are written. */
export interface LabelOptions {
  /** Write a referenced component by its name (`Pet`, `array<Pet>`) instead of its type. */
  names?: boolean;
}

/**
 * A short, human type label for a schema: `string`, `integer`, `array<string>`,
 * `string | null`, `object`, `integer | string` (oneOf/anyOf). `$ref`s are followed
 * cycle-safely, or named with `names: true`; unknown shapes read `any`.
 *
 * @example
 * ```ts
 * toTypeLabel(doc, { type: 'array', items: { type: 'string' } }); // 'array<string>'
 * toTypeLabel(doc, { type: 'array', items: { $ref: '#/components/schemas/Pet' } }, { names: true }); // 'array<Pet>'
 * ```
 */
export function toTypeLabel(doc: unknown, schema: unknown, options: LabelOptions = {}): string {
  return labelAt(doc, schema, options.names === true, 0);
}

function labelAt(doc: unknown, schema: unknown, names: boolean, depth: number): string {
  if (depth > MAX_LABEL_DEPTH) return 'any';
  const name = names ? refName(schema) : undefined;
  if (name !== undefined) return name;
  const resolved = resolveLocal(doc, schema, '');
  if (!resolved || !isPlainObject(resolved.value)) return 'any';
  const value = resolved.value;
  const inner = (sub: unknown): string => labelAt(doc, sub, names, depth + 1);
  const nullable = value.nullable === true ? ' | null' : '';
  const typeOf = (type: string): string =>
    type !== 'array' ? type : value.items === undefined ? 'array' : `array<${inner(value.items)}>`;
  if (typeof value.type === 'string') return typeOf(value.type) + nullable;
  const types = Array.isArray(value.type) ? value.type.filter((t): t is string => typeof t === 'string') : [];
  if (types.length > 0) return types.map(typeOf).join(' | ') + nullable;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = value[key];
    if (Array.isArray(branches) && branches.length > 0)
      return [...new Set(branches.map(inner))].join(' | ') + nullable;
  }
  if (Array.isArray(value.allOf)) {
    const labels = value.allOf.map((b) => labelAt(doc, b, false, depth + 1)).filter((l) => l !== 'any');
    return (labels.includes('object') ? 'object' : (labels[0] ?? 'any')) + nullable;
  }
  if (isPlainObject(value.properties) || value.additionalProperties !== undefined) return `object${nullable}`;
  if (value.items !== undefined) return typeOf('array') + nullable;
  if (value.const !== undefined) return jsonType(value.const) + nullable;
  if (Array.isArray(value.enum) && value.enum.length > 0) return jsonType(value.enum[0]) + nullable;
  return 'any';
}

/**
 * The last token of a local component `$ref` (`#/components/schemas/Pet` → `Pet`).
 *
 * @example
 * ```ts
 * refName({ $ref: '#/components/schemas/Pet' }); // 'Pet'
 * ```
 */
export function refName(schema: unknown): string | undefined {
  if (!isPlainObject(schema) || typeof schema.$ref !== 'string') return undefined;
  const last = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  return last === '' ? undefined : last.replace(/~1/g, '/').replace(/~0/g, '~');
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}
