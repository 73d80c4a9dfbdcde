import { escapePointerToken, isPlainObject } from '../json-pointer.js';
import {
  allItemsUnique,
  checkFormat,
  describeValue,
  hasJsonType,
  jsonEqual,
  jsonTypeOf,
  patternRegExp,
} from './value-checks.js';
import {
  ADDITIONAL_PROPERTIES,
  ALL_OF,
  ANY_OF,
  ARRAY_KEYWORDS,
  COMBINATORS,
  CONST,
  ENUM,
  IF,
  keywordsOf,
  NOT,
  NULLABLE,
  NUMBER_KEYWORDS,
  OBJECT_KEYWORDS,
  ONE_OF,
  PATTERN_PROPERTIES,
  PROPERTIES,
  PROPERTY_COUNT,
  REF,
  REQUIRED,
  STRING_KEYWORDS,
  TYPE,
} from './value-keywords.js';

/** The first reason a value fails a schema: where (a pointer into the value) and why. */
export interface ValueError {
  path: string;
  message: string;
}

/** How {@link findValueError} reads schemas. */
export interface ValueCheckOptions {
  /** Resolves a `$ref` to its raw target (undefined when it does not resolve: then anything passes). */
  resolve(ref: string): unknown;
  /** OpenAPI 3.0 Schema Objects: `nullable: true` admits null. */
  nullable: boolean;
}

const PATTERNS = new Map<string, RegExp>();

function patternOf(pattern: string): RegExp | undefined {
  let regex = PATTERNS.get(pattern);
  if (regex === undefined) {
    try {
      regex = patternRegExp(pattern);
    } catch {
      return undefined;
    }
    if (PATTERNS.size > 10_000) PATTERNS.clear();
    PATTERNS.set(pattern, regex);
  }
  return regex;
}

/**
 * Checks a value against a schema by walking both together, touching only the parts of the
 * schema the value reaches, and returns the first error (null when the value passes). Meant
 * for examples, where each schema meets one or two values: interpreting costs less than
 * compiling. Keywords it does not know (`unevaluatedProperties`, `discriminator` …) pass.
 *
 * @example
 * findValueError(1, { type: 'string' }, { resolve: () => undefined, nullable: false });
 * // { path: '', message: 'must be string, not number' }
 */
export function findValueError(
  value: unknown,
  schema: unknown,
  options: ValueCheckOptions,
): ValueError | null {
  explaining = false;
  if (check(value, schema, options, '', 0) === null) return null;
  explaining = true;
  try {
    return check(value, schema, options, '', 0);
  } finally {
    explaining = false;
  }
}

/** A failure without its reason, while the first pass only decides. */
const FAILED: ValueError = { path: '', message: '' };
/** False during the deciding pass: reasons (which may serialise values) are built only when explaining. */
let explaining = false;

/** A failure with its reason (call only while explaining; callers test `explaining` first, so the reason's text is never built in the deciding pass and no closure is allocated). */
function explain(path: string, message: string): ValueError {
  return { path, message };
}

/** The error of a member, placed under `path`: pointers are built only for a failure. */
function within(path: string, token: string | number, error: ValueError): ValueError {
  if (!explaining) return FAILED;
  return { path: `${path}/${escapePointerToken(token)}${error.path}`, message: error.message };
}

function check(
  value: unknown,
  schema: unknown,
  options: ValueCheckOptions,
  path: string,
  hops: number,
): ValueError | null {
  if (schema === true || schema === undefined) return null;
  if (schema === false) return explaining ? explain(path, 'no value is allowed here') : FAILED;
  if (!isPlainObject(schema)) return null;
  // Only the keywords the schema holds are read (see value-keywords.ts); none: nothing to reject.
  const has = keywordsOf(schema);
  if (has === 0) return null;
  if ((has & REF) !== 0 && typeof schema.$ref === 'string') {
    // A chain of references that never reaches a value-consuming schema is a cycle: let it pass.
    if (hops > 64) return null;
    const target = options.resolve(schema.$ref);
    const error = check(value, target, options, path, hops + 1);
    // 3.0 ignores a `$ref`'s siblings; 3.1 applies them too.
    if (error !== null || options.nullable) return error;
  }
  const nullAllowed =
    value === null && options.nullable && (has & NULLABLE) !== 0 && schema.nullable === true;
  if (nullAllowed) return null;
  if ((has & TYPE) !== 0) {
    const type = schema.type;
    if (typeof type === 'string') {
      if (!hasJsonType(value, type))
        return explaining ? explain(path, `must be ${type}, not ${describeType(value)}`) : FAILED;
    } else if (Array.isArray(type) && type.length > 0) {
      if (!hasAnyType(value, type))
        return explaining
          ? explain(path, `must be ${type.join(' or ')}, not ${describeType(value)}`)
          : FAILED;
    }
  }
  if ((has & ENUM) !== 0) {
    const allowed = schema.enum;
    if (Array.isArray(allowed) && !includesJson(allowed, value))
      return explaining
        ? explain(path, `${describeValue(value)} is not one of ${allowed.map(describeValue).join(', ')}`)
        : FAILED;
  }
  if ((has & CONST) !== 0 && schema.const !== undefined && !jsonEqual(schema.const, value))
    return explaining ? explain(path, `must be ${describeValue(schema.const)}`) : FAILED;
  let own: ValueError | null = null;
  if (typeof value === 'string') {
    if ((has & STRING_KEYWORDS) !== 0) own = checkString(value, schema, path);
  } else if (typeof value === 'number') {
    if ((has & NUMBER_KEYWORDS) !== 0) own = checkNumber(value, schema, path);
  } else if (Array.isArray(value)) {
    if ((has & ARRAY_KEYWORDS) !== 0) own = checkArray(value, schema, options, path);
  } else if (typeof value === 'object' && value !== null) {
    if ((has & OBJECT_KEYWORDS) !== 0)
      own = checkObject(value as Record<string, unknown>, schema, options, path, has);
  }
  if (own !== null) return own;
  return (has & COMBINATORS) === 0 ? null : checkCombinators(value, schema, options, path, hops, has);
}

// Loops, not \`some\` with an arrow: a closure over \`value\` would make every \`check\` call allocate its context.
function hasAnyType(value: unknown, types: unknown[]): boolean {
  for (let index = 0; index < types.length; index++) {
    const type = types[index];
    if (typeof type === 'string' && hasJsonType(value, type)) return true;
  }
  return false;
}

function includesJson(list: unknown[], value: unknown): boolean {
  for (let index = 0; index < list.length; index++) if (jsonEqual(list[index], value)) return true;
  return false;
}

function describeType(value: unknown): string {
  const kind = jsonTypeOf(value);
  return kind === 'number' && Number.isInteger(value) ? 'integer' : kind;
}

// Index loops below, not `for…of`: where a loop is not optimised, an iterator is allocated per call.
function checkCombinators(
  value: unknown,
  schema: Record<string, unknown>,
  options: ValueCheckOptions,
  path: string,
  hops: number,
  has: number,
): ValueError | null {
  // Combinators do not consume the value: a schema that reaches itself through them is a cycle.
  if (hops > 64) return null;
  const next = hops + 1;
  if ((has & ALL_OF) !== 0 && Array.isArray(schema.allOf)) {
    const parts = schema.allOf;
    for (let index = 0; index < parts.length; index++) {
      const error = check(value, parts[index], options, path, next);
      if (error !== null) return error;
    }
  }
  if ((has & ANY_OF) !== 0 && Array.isArray(schema.anyOf) && schema.anyOf.length > 0) {
    let first: ValueError | null = null;
    let passed = false;
    const branches = schema.anyOf;
    for (let index = 0; index < branches.length; index++) {
      const error = check(value, branches[index], options, path, next);
      if (error === null) {
        passed = true;
        break;
      }
      first ??= error;
    }
    if (!passed)
      return explaining
        ? explain(path, `matches none of "anyOf" (first: ${first?.message ?? 'no branch'})`)
        : FAILED;
  }
  if ((has & ONE_OF) !== 0 && Array.isArray(schema.oneOf) && schema.oneOf.length > 0) {
    let matches = 0;
    let first: ValueError | null = null;
    const branches = schema.oneOf;
    for (let index = 0; index < branches.length; index++) {
      const error = check(value, branches[index], options, path, next);
      if (error === null) matches++;
      else first ??= error;
    }
    if (matches === 0)
      return explaining
        ? explain(path, `matches none of "oneOf" (first: ${first?.message ?? 'no branch'})`)
        : FAILED;
    if (matches > 1)
      return explaining
        ? explain(path, `matches ${matches} branches of "oneOf", where exactly one must match`)
        : FAILED;
  }
  if ((has & NOT) !== 0 && schema.not !== undefined && check(value, schema.not, options, path, next) === null)
    return explaining ? explain(path, 'must not match "not"') : FAILED;
  if ((has & IF) !== 0 && schema.if !== undefined) {
    const branch = check(value, schema.if, options, path, next) === null ? schema.then : schema.else;
    if (branch !== undefined) return check(value, branch, options, path, next);
  }
  return null;
}

function checkObject(
  value: Record<string, unknown>,
  schema: Record<string, unknown>,
  options: ValueCheckOptions,
  path: string,
  has: number,
): ValueError | null {
  if ((has & REQUIRED) !== 0 && Array.isArray(schema.required)) {
    const required = schema.required;
    for (let index = 0; index < required.length; index++) {
      const name = required[index];
      if (typeof name === 'string' && !Object.hasOwn(value, name))
        return explaining ? explain(path, `property "${name}" is required`) : FAILED;
    }
  }
  const properties =
    (has & PROPERTIES) !== 0 && isPlainObject(schema.properties) ? schema.properties : undefined;
  const patterns =
    (has & PATTERN_PROPERTIES) !== 0 && isPlainObject(schema.patternProperties)
      ? schema.patternProperties
      : undefined;
  const additional = (has & ADDITIONAL_PROPERTIES) === 0 ? undefined : schema.additionalProperties;
  if ((has & PROPERTY_COUNT) === 0 && properties === undefined && patterns === undefined) {
    // Only `required` (done), or members that are all allowed: no need to list the value's keys.
    if (additional === undefined || additional === true) return null;
  }
  let count = 0;
  for (const key in value) {
    count++;
    let matched = false;
    if (properties !== undefined) {
      const sub = properties[key];
      if (sub !== undefined ? isOwnFound(properties, key, sub) : Object.hasOwn(properties, key)) {
        matched = true;
        const error = check(value[key], sub, options, '', 0);
        if (error !== null) return within(path, key, error);
      }
    }
    if (patterns !== undefined) {
      for (const pattern in patterns) {
        if (patternOf(pattern)?.test(key) !== true) continue;
        matched = true;
        const error = check(value[key], patterns[pattern], options, '', 0);
        if (error !== null) return within(path, key, error);
      }
    }
    if (matched || additional === undefined || additional === true) continue;
    if (additional === false)
      return within(path, key, explaining ? explain('', `property "${key}" is not allowed`) : FAILED);
    const error = check(value[key], additional, options, '', 0);
    if (error !== null) return within(path, key, error);
  }
  if ((has & PROPERTY_COUNT) === 0) return null;
  if (typeof schema.minProperties === 'number' && count < schema.minProperties)
    return explaining ? explain(path, `must have at least ${schema.minProperties} properties`) : FAILED;
  if (typeof schema.maxProperties === 'number' && count > schema.maxProperties)
    return explaining ? explain(path, `must have at most ${schema.maxProperties} properties`) : FAILED;
  return null;
}

/**
 * Whether `found`, read as `record[key]`, is the record's own member, asking the record again only
 * when it may be inherited: a document's values are never functions (the methods `constructor`,
 * `toString` … are), and `__proto__` reads the prototype unless the record has its own.
 */
function isOwnFound(record: Record<string, unknown>, key: string, found: unknown): boolean {
  return (typeof found !== 'function' && key !== '__proto__') || Object.hasOwn(record, key);
}

function checkArray(
  value: unknown[],
  schema: Record<string, unknown>,
  options: ValueCheckOptions,
  path: string,
): ValueError | null {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems)
    return explaining ? explain(path, `must have at least ${schema.minItems} items`) : FAILED;
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
    return explaining ? explain(path, `must have at most ${schema.maxItems} items`) : FAILED;
  if (schema.uniqueItems === true && !allItemsUnique(value))
    return explaining ? explain(path, 'items must be unique') : FAILED;
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  for (let index = 0; index < value.length; index++) {
    const sub = index < tuple.length ? tuple[index] : rest;
    if (sub === undefined) continue;
    const error = check(value[index], sub, options, '', 0);
    if (error !== null) return within(path, index, error);
  }
  return null;
}

function checkString(value: string, schema: Record<string, unknown>, path: string): ValueError | null {
  if (typeof schema.minLength === 'number' || typeof schema.maxLength === 'number') {
    const length = countCodePoints(value);
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      return explaining ? explain(path, `must be at least ${schema.minLength} characters long`) : FAILED;
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      return explaining ? explain(path, `must be at most ${schema.maxLength} characters long`) : FAILED;
  }
  if (typeof schema.pattern === 'string' && patternOf(schema.pattern)?.test(value) === false)
    return explaining
      ? explain(path, `${describeValue(value)} does not match the pattern ${schema.pattern}`)
      : FAILED;
  if (typeof schema.format === 'string' && !checkFormat(schema.format, value))
    return explaining ? explain(path, `${describeValue(value)} is not a valid ${schema.format}`) : FAILED;
  return null;
}

function checkNumber(value: number, schema: Record<string, unknown>, path: string): ValueError | null {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  if (typeof minimum === 'number' && (exclusiveMinimum === true ? value <= minimum : value < minimum))
    return explaining
      ? explain(path, `must be ${exclusiveMinimum === true ? 'greater than' : 'at least'} ${minimum}`)
      : FAILED;
  if (typeof maximum === 'number' && (exclusiveMaximum === true ? value >= maximum : value > maximum))
    return explaining
      ? explain(path, `must be ${exclusiveMaximum === true ? 'less than' : 'at most'} ${maximum}`)
      : FAILED;
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum)
    return explaining ? explain(path, `must be greater than ${exclusiveMinimum}`) : FAILED;
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum)
    return explaining ? explain(path, `must be less than ${exclusiveMaximum}`) : FAILED;
  if (typeof multipleOf === 'number' && multipleOf > 0) {
    const quotient = value / multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9)
      return explaining ? explain(path, `must be a multiple of ${multipleOf}`) : FAILED;
  }
  return null;
}

/** `[...text].length` without the array: a surrogate pair is one character, a lone surrogate one too. */
export function countCodePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}
