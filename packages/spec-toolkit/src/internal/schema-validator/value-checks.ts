/** The JSON type name of a value, as JSON Schema names it (`integer` only when asked). */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** True when `value` has the JSON Schema type `type`. */
export function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** `uniqueItems`: no two items equal as JSON values; lists of primitives (`required`, `enum`) without deep comparison. */
export function allItemsUnique(items: readonly unknown[]): boolean {
  if (items.length < 2) return true;
  let primitives = true;
  for (const item of items) {
    if (typeof item === 'object' && item !== null) {
      primitives = false;
      break;
    }
  }
  if (primitives) {
    // Pairwise up to a few hundred (no Set allocated for each long `enum` or `required`).
    if (items.length > 256) return new Set(items).size === items.length;
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) if (items[i] === items[j]) return false;
    return true;
  }
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) if (jsonEqual(items[i], items[j])) return false;
  return true;
}

/** Structural equality of JSON values (for `enum`, `const` and `uniqueItems`); allocates nothing. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!jsonEqual(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  let keysA = 0;
  for (const key in recordA) {
    if (!Object.hasOwn(recordB, key) || !jsonEqual(recordA[key], recordB[key])) return false;
    keysA++;
  }
  let keysB = 0;
  for (const _key in recordB) keysB++;
  return keysA === keysB;
}

const URI_WITH_SCHEME = /^[a-z][a-z0-9+.-]*:[^\s]*$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Checks the few formats the official OpenAPI schemas use. Deliberately lenient where real
 * descriptions vary (`uri-reference`, `media-range`): a false error costs users more than a miss.
 */
export function checkFormat(format: string, value: unknown): boolean {
  if (typeof value !== 'string') return true;
  switch (format) {
    case 'uri':
      return URI_WITH_SCHEME.test(value);
    case 'email':
      return EMAIL.test(value);
    case 'regex':
      try {
        new RegExp(value);
        return true;
      } catch {
        try {
          new RegExp(value, 'u');
          return true;
        } catch {
          return false;
        }
      }
    default:
      return true;
  }
}

/** A pattern that only compares with literal text: a prefix (`^x-`, `^\/`) or the whole text (`^\$ref$`). */
export interface LiteralPattern {
  text: string;
  whole: boolean;
}

const LITERAL_PATTERN = /^\^((?:[^\\^$.*+?()[\]{}|]|\\[\\^$.*+?()[\]{}|/-])+)(\$?)$/;

/**
 * The literal text a `^text` or `^text$` pattern compares with (plain characters and escaped
 * punctuation only), or undefined for any other pattern. Without the `m` flag `$` matches only
 * at the very end, so `^text$` is equality.
 */
export function literalPatternOf(pattern: string): LiteralPattern | undefined {
  const match = LITERAL_PATTERN.exec(pattern);
  if (match === null) return undefined;
  return { text: (match[1] as string).replace(/\\(.)/g, '$1'), whole: match[2] === '$' };
}

/** A schema `pattern` as a regular expression: Unicode-aware where it compiles so, as written otherwise. */
export function patternRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

/** Compiles a schema `pattern`; literal ones become `===` or `startsWith` (see {@link literalPatternOf}). */
export function compilePattern(pattern: string): (text: string) => boolean {
  const literal = literalPatternOf(pattern);
  if (literal !== undefined) {
    const expected = literal.text;
    return literal.whole ? (text) => text === expected : (text) => text.startsWith(expected);
  }
  const regex = patternRegExp(pattern);
  return (text) => regex.test(text);
}

/** Short text of a JSON value for messages. */
export function describeValue(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** A compiled member's kind: run its `test`, skip it (accepts anything), or one inline type test. */
export const CALL_TEST = 0;
export const SKIP = -1;
const LEAF_KINDS: Record<string, number> = {
  string: 1,
  boolean: 2,
  object: 3,
  array: 4,
  number: 5,
  integer: 6,
  null: 7,
};

/** The inline kind of a compiled schema: {@link SKIP}, a type for {@link leafOk}, or {@link CALL_TEST}. */
export function leafKindOf(schema: { leafType?: string }, always: unknown): number {
  if (schema === always) return SKIP;
  return schema.leafType === undefined ? CALL_TEST : (LEAF_KINDS[schema.leafType] ?? CALL_TEST);
}

/** `hasJsonType` for a kind from {@link leafKindOf}, without comparing type names. */
export function leafOk(kind: number, value: unknown): boolean {
  switch (kind) {
    case 1:
      return typeof value === 'string';
    case 2:
      return typeof value === 'boolean';
    case 3:
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 4:
      return Array.isArray(value);
    case 5:
      return typeof value === 'number' && Number.isFinite(value);
    case 6:
      return typeof value === 'number' && Number.isInteger(value);
    default:
      return value === null;
  }
}
