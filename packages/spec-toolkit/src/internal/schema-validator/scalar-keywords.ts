import type { CompilerContext, KeywordCheck } from './compiler-context.js';
import { ALWAYS, pointerOf } from './compiler-context.js';
import type { CompiledSchema } from './json-schema.js';
import {
  allItemsUnique,
  CALL_TEST,
  checkFormat,
  compilePattern,
  describeValue,
  hasJsonType,
  jsonEqual,
  jsonTypeOf,
  leafKindOf,
  leafOk,
} from './value-checks.js';

type Schema = Record<string, unknown>;

/** Builds a check from a predicate and a message. */
function simple(
  keyword: string,
  ok: (value: unknown) => boolean,
  message: (value: unknown) => string,
): KeywordCheck {
  return {
    test: ok,
    explain(value, path, out) {
      if (!ok(value)) out.push({ path: pointerOf(path), keyword, message: message(value) });
    },
  };
}

/** A test for one JSON type, specialised so the hot path does not switch on the type name. */
function typeTest(type: string): (value: unknown) => boolean {
  switch (type) {
    case 'object':
      return (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return (value) => Array.isArray(value);
    case 'string':
      return (value) => typeof value === 'string';
    case 'boolean':
      return (value) => typeof value === 'boolean';
    default:
      return (value) => hasJsonType(value, type);
  }
}

/** `type`, `enum`, `const`. */
export function compileValueKeywords(schema: Schema): KeywordCheck[] {
  const checks: KeywordCheck[] = [];
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
      (t): t is string => typeof t === 'string',
    );
    const ok =
      types.length === 1
        ? typeTest(types[0] as string)
        : (value: unknown) => {
            for (const t of types) if (hasJsonType(value, t)) return true;
            return false;
          };
    checks.push(simple('type', ok, (value) => `Expected ${types.join(' or ')}, found ${jsonTypeOf(value)}.`));
  }
  if (Array.isArray(schema.enum)) {
    const options = schema.enum;
    const primitives = options.every((option) => option === null || typeof option !== 'object');
    const set = new Set(options);
    const ok = primitives
      ? (value: unknown) => set.has(value)
      : (value: unknown) => {
          for (const option of options) if (jsonEqual(option, value)) return true;
          return false;
        };
    const listed = options.slice(0, 8).map(describeValue).join(', ') + (options.length > 8 ? ', …' : '');
    checks.push(simple('enum', ok, (value) => `${describeValue(value)} is not one of ${listed}.`));
  }
  if (Object.hasOwn(schema, 'const')) {
    const expected = schema.const;
    checks.push(
      simple(
        'const',
        (value) => jsonEqual(value, expected),
        () => `Must be ${describeValue(expected)}.`,
      ),
    );
  }
  return checks;
}

/** `pattern`, `format`, `minLength`, `maxLength`. */
export function compileStringKeywords(schema: Schema): KeywordCheck[] {
  const checks: KeywordCheck[] = [];
  if (typeof schema.pattern === 'string') {
    const pattern = schema.pattern;
    const match = compilePattern(pattern);
    checks.push(
      simple(
        'pattern',
        (value) => typeof value !== 'string' || match(value),
        (value) => `${describeValue(value)} does not match ${pattern}.`,
      ),
    );
  }
  if (typeof schema.format === 'string') {
    const format = schema.format;
    checks.push(
      simple(
        'format',
        (value) => checkFormat(format, value),
        (value) => `${describeValue(value)} is not a valid ${format}.`,
      ),
    );
  }
  if (typeof schema.minLength === 'number') {
    const min = schema.minLength;
    checks.push(
      simple(
        'minLength',
        (v) => typeof v !== 'string' || v.length >= min,
        () => `Must be at least ${min} characters long.`,
      ),
    );
  }
  if (typeof schema.maxLength === 'number') {
    const max = schema.maxLength;
    checks.push(
      simple(
        'maxLength',
        (v) => typeof v !== 'string' || v.length <= max,
        () => `Must be at most ${max} characters long.`,
      ),
    );
  }
  return checks;
}

/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (draft-04 booleans and 2020-12 numbers). */
export function compileNumberKeywords(schema: Schema): KeywordCheck[] {
  const checks: KeywordCheck[] = [];
  const isNumber = (v: unknown): v is number => typeof v === 'number';
  if (typeof schema.minimum === 'number') {
    const min = schema.minimum;
    const exclusive = schema.exclusiveMinimum === true;
    checks.push(
      simple(
        'minimum',
        (v) => !isNumber(v) || (exclusive ? v > min : v >= min),
        () => `Must be ${exclusive ? 'greater than' : 'at least'} ${min}.`,
      ),
    );
  }
  if (typeof schema.maximum === 'number') {
    const max = schema.maximum;
    const exclusive = schema.exclusiveMaximum === true;
    checks.push(
      simple(
        'maximum',
        (v) => !isNumber(v) || (exclusive ? v < max : v <= max),
        () => `Must be ${exclusive ? 'less than' : 'at most'} ${max}.`,
      ),
    );
  }
  if (typeof schema.exclusiveMinimum === 'number') {
    const min = schema.exclusiveMinimum;
    checks.push(
      simple(
        'exclusiveMinimum',
        (v) => !isNumber(v) || v > min,
        () => `Must be greater than ${min}.`,
      ),
    );
  }
  if (typeof schema.exclusiveMaximum === 'number') {
    const max = schema.exclusiveMaximum;
    checks.push(
      simple(
        'exclusiveMaximum',
        (v) => !isNumber(v) || v < max,
        () => `Must be less than ${max}.`,
      ),
    );
  }
  return checks;
}

/** `items` (schema or draft-04 tuple), `additionalItems`, `minItems`, `maxItems`, `uniqueItems`. */
export function compileArrayKeywords(schema: Schema, context: CompilerContext): KeywordCheck[] {
  const checks: KeywordCheck[] = [];
  // `items: {}` (or `true`) accepts every item: no check at all (a tuple is always checked).
  const acceptsAnyItem = !Array.isArray(schema.items) && context.compile(schema.items) === ALWAYS;
  if (schema.items !== undefined && !acceptsAnyItem) {
    const tuple: CompiledSchema[] | null = Array.isArray(schema.items)
      ? schema.items.map((s) => context.compile(s))
      : null;
    const every = tuple === null ? context.compile(schema.items) : null;
    const rest =
      tuple !== null && schema.additionalItems !== undefined ? context.compile(schema.additionalItems) : null;
    const itemSchema = (index: number): CompiledSchema | null =>
      every ?? (tuple !== null && index < tuple.length ? (tuple[index] as CompiledSchema) : rest);
    // Every item one plain type (`items: { type: string }`): tested inline.
    const everyKind = every === null ? CALL_TEST : leafKindOf(every, ALWAYS);
    checks.push({
      test(value) {
        if (!Array.isArray(value)) return true;
        if (everyKind > 0) {
          for (let index = 0; index < value.length; index++)
            if (!leafOk(everyKind, value[index])) return false;
          return true;
        }
        for (let index = 0; index < value.length; index++) {
          const sub = itemSchema(index);
          if (sub !== null && !sub.test(value[index])) return false;
        }
        return true;
      },
      explain(value, path, out) {
        if (!Array.isArray(value)) return;
        for (let index = 0; index < value.length; index++) {
          const sub = itemSchema(index);
          if (sub === null || sub.test(value[index])) continue;
          path.push(String(index));
          sub.explain(value[index], path, out);
          path.pop();
        }
      },
    });
  }
  if (typeof schema.minItems === 'number') {
    const min = schema.minItems;
    checks.push(
      simple(
        'minItems',
        (v) => !Array.isArray(v) || v.length >= min,
        () => `Must have at least ${min} item${min === 1 ? '' : 's'}.`,
      ),
    );
  }
  if (typeof schema.maxItems === 'number') {
    const max = schema.maxItems;
    checks.push(
      simple(
        'maxItems',
        (v) => !Array.isArray(v) || v.length <= max,
        () => `Must have at most ${max} items.`,
      ),
    );
  }
  if (schema.uniqueItems === true) {
    const unique = (v: unknown): boolean => !Array.isArray(v) || allItemsUnique(v);
    checks.push(simple('uniqueItems', unique, () => 'Items must be unique.'));
  }
  return checks;
}
