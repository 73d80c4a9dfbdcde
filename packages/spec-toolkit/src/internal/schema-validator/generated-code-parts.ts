/**
 * The pieces the validator code generator emits from: type tests, the key dispatch of member
 * loops, literals, the table of external values generated code reads, and which keywords
 * constrain at all. `generate-validator-code.ts` walks a schema and joins them into functions.
 */
export type Schema = Record<string, unknown>;

/** What generated code reads besides the value: regular expressions, sets and helpers. */
export interface Externals {
  values: unknown[];
  /** The expression reading external `value` (added once per distinct value). */
  ref(value: unknown): string;
}

export function createExternals(): Externals {
  const values: unknown[] = [];
  const indices = new Map<unknown, number>();
  return {
    values,
    ref(value) {
      let index = indices.get(value);
      if (index === undefined) {
        index = values.length;
        values.push(value);
        indices.set(value, index);
      }
      return `x[${index}]`;
    },
  };
}

/** The keywords the compiler gives meaning to; every other member is an annotation. */
const CONSTRAINING = new Set([
  'type',
  'enum',
  'const',
  'required',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minProperties',
  'maxProperties',
  '$ref',
  '$dynamicRef',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'dependentSchemas',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
]);

/** The constraining keywords a schema uses. */
export const constraintsOf = (schema: Schema): string[] =>
  Object.keys(schema).filter((key) => CONSTRAINING.has(key));

export const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const IS_OBJECT = (v: string): string =>
  `(typeof ${v} === "object" && ${v} !== null && !Array.isArray(${v}))`;

/** The test of one JSON type as an expression over `v`. */
export function typeExpression(type: string, v: string): string {
  switch (type) {
    case 'object':
      return IS_OBJECT(v);
    case 'array':
      return `Array.isArray(${v})`;
    case 'string':
      return `typeof ${v} === "string"`;
    case 'number':
      return `(typeof ${v} === "number" && Number.isFinite(${v}))`;
    case 'integer':
      return `(typeof ${v} === "number" && Number.isInteger(${v}))`;
    case 'boolean':
      return `typeof ${v} === "boolean"`;
    case 'null':
      return `${v} === null`;
    default:
      return 'true';
  }
}

/** Most keys a member loop compares one by one; past it, keys are first told apart by length. */
const LINEAR_CASES = 4;

/**
 * Code running `code` for the member named `name` and then `continue`, falling through for
 * any other key `k`. A long `switch (k)` compares the key with each name in turn (the official
 * Schema Object names 30-odd), so longer lists switch on the key's length first, then compare
 * the few names of that length.
 */
export function dispatchByName(cases: readonly { name: string; code: string }[], k: string): string {
  if (cases.length === 0) return '';
  if (cases.length <= LINEAR_CASES)
    return `switch (${k}) {\n${cases.map((c) => `case ${JSON.stringify(c.name)}:\n${c.code}continue;\n`).join('')}}\n`;
  const byLength = new Map<number, { name: string; code: string }[]>();
  for (const c of cases) {
    const group = byLength.get(c.name.length);
    if (group === undefined) byLength.set(c.name.length, [c]);
    else group.push(c);
  }
  let code = `switch (${k}.length) {\n`;
  for (const [length, group] of byLength) {
    code += `case ${length}:\n`;
    for (const c of group) code += `if (${k} === ${JSON.stringify(c.name)}) {\n${c.code}continue;\n}\n`;
    code += 'break;\n';
  }
  return `${code}}\n`;
}

/**
 * False in a web page: a page's Content-Security-Policy without `'unsafe-eval'` reports every
 * `new Function` as a violation even when the error is caught, so pages keep the closures (their
 * specs are small). Elsewhere (Node, Deno, Bun, workers) generating is tried, and a runtime
 * that forbids it still falls back.
 */
export function mayGenerateCode(): boolean {
  return typeof (globalThis as { document?: unknown }).document === 'undefined';
}

/** A primitive JSON value as a JavaScript literal. */
export function literal(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}
