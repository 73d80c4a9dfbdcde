import type { CompilerContext } from './compiler-context.js';
import { ALWAYS } from './compiler-context.js';
import {
  constraintsOf,
  createExternals,
  dispatchByName,
  IS_OBJECT,
  isObject,
  literal,
  mayGenerateCode,
  type Schema,
  typeExpression,
} from './generated-code-parts.js';
import type { JsonSchema } from './json-schema.js';
import { gatherEvaluated } from './object-keywords.js';
import { allItemsUnique, checkFormat, jsonEqual, literalPatternOf, patternRegExp } from './value-checks.js';

/**
 * Generates the boolean `test` of a compiled root schema as JavaScript (one function per
 * subschema, calls between them direct, keys dispatched by `switch`), the way Ajv does, for
 * the hot path of validating large documents. It accepts exactly what the closures of
 * {@link CompilerContext.compile} accept: the same keywords with the same meaning (a
 * differential test holds the two together); `explain` stays with the closures. Answers
 * undefined where code cannot or should not be generated (a runtime without `new Function`, a
 * web page, whose Content-Security-Policy would report the attempt).
 *
 * @example
 * const test = generateValidatorCode(root, context) ?? context.compile(root).test;
 */
export function generateValidatorCode(
  root: JsonSchema,
  context: CompilerContext,
): ((value: unknown) => boolean) | undefined {
  const externals = createExternals();
  const names = new Map<object, string>();
  const bodies: string[] = [];
  const pending: Schema[] = [];

  /** A schema that only says `$ref` stands for its target (followed a few steps, never round a cycle). */
  const unalias = (schema: unknown): unknown => {
    let current = schema;
    for (let step = 0; step < 8 && isObject(current); step++) {
      const keys = constraintsOf(current);
      if (keys.length !== 1 || keys[0] !== '$ref' || typeof current.$ref !== 'string') break;
      const target = context.resolveRaw(current.$ref, false);
      if (target === undefined) break;
      current = target;
    }
    return current;
  };
  /** A schema of one plain type (and at most a short list of primitive values) as an inline expression. */
  const inline = (schema: Schema, v: string): string | undefined => {
    const keys = constraintsOf(schema);
    if (typeof schema.type !== 'string' || keys.some((key) => key !== 'type' && key !== 'enum'))
      return undefined;
    const type = typeExpression(schema.type, v);
    if (schema.enum === undefined) return type;
    const options = schema.enum;
    if (
      !Array.isArray(options) ||
      options.length > 8 ||
      options.some((o) => typeof o === 'object' && o !== null)
    )
      return undefined;
    return `(${type}) && (${options.length === 0 ? 'false' : options.map((o) => `${v} === ${literal(o)}`).join(' || ')})`;
  };
  /** The expression testing `v` against `schema`: `true`, `false`, an inline test or a call. */
  const call = (given: unknown, v: string): string => {
    const schema = unalias(given);
    if (schema === false) return 'false';
    if (!isObject(schema)) return 'true';
    if (context.compile(schema) === ALWAYS) return 'true';
    const expression = inline(schema, v);
    if (expression !== undefined) return expression;
    let name = names.get(schema);
    if (name === undefined) {
      name = `f${names.size}`;
      names.set(schema, name);
      pending.push(schema);
    }
    return `${name}(${v})`;
  };
  const fail = (condition: string): string =>
    condition === 'true' ? '' : `if (!(${condition})) return false;\n`;
  const negate = (expression: string): string => (expression === 'true' ? 'false' : `!(${expression})`);
  const keyTest = (pattern: string, k: string): string => {
    const literal = literalPatternOf(pattern);
    if (literal === undefined) return `${externals.ref(patternRegExp(pattern))}.test(${k})`;
    const text = JSON.stringify(literal.text);
    return literal.whole ? `${k} === ${text}` : `${k}.startsWith(${text})`;
  };
  /** True when the schema rejects every object without a `$ref` member (a Reference Object). */
  const requiresRef = (schema: unknown): boolean => {
    const target = unalias(schema);
    return isObject(target) && Array.isArray(target.required) && target.required.includes('$ref');
  };
  /**
   * True when the schema rejects every object with a `$ref` member: closed by
   * `additionalProperties: false`, with `$ref` neither named nor matched by a pattern (the
   * official Schema, Parameter, Response and Example Objects of 3.0 beside their Reference).
   */
  const excludesRef = (schema: unknown): boolean => {
    const target = unalias(schema);
    if (!isObject(target) || target.additionalProperties !== false) return false;
    if (isObject(target.properties) && Object.hasOwn(target.properties, '$ref')) return false;
    const patterns = isObject(target.patternProperties) ? Object.keys(target.patternProperties) : [];
    return !patterns.some((pattern) => patternRegExp(pattern).test('$ref'));
  };

  /** Keyword code for values of one type: unguarded when the schema's `type` already returned on any other. */
  const guard = (code: string, type: string, schema: Schema): string => {
    if (code === '') return '';
    return schema.type === type ? code : `if (${typeExpression(type, 'v')}) {\n${code}}\n`;
  };

  function valueKeywords(schema: Schema): string {
    let code = '';
    if (schema.type !== undefined) {
      const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
        (t): t is string => typeof t === 'string',
      );
      code += fail(types.length === 0 ? 'false' : types.map((t) => typeExpression(t, 'v')).join(' || '));
    }
    if (Array.isArray(schema.enum)) {
      const options = schema.enum;
      const primitives = options.every((option) => option === null || typeof option !== 'object');
      if (primitives && options.length <= 8)
        code += fail(options.length === 0 ? 'false' : options.map((o) => `v === ${literal(o)}`).join(' || '));
      else if (primitives) code += fail(`${externals.ref(new Set(options))}.has(v)`);
      else code += fail(`${externals.ref(options)}.some((o) => ${externals.ref(jsonEqual)}(o, v))`);
    }
    if (Object.hasOwn(schema, 'const')) {
      const expected = schema.const;
      code +=
        expected === null || typeof expected !== 'object'
          ? fail(`v === ${literal(expected)}`)
          : fail(`${externals.ref(jsonEqual)}(v, ${externals.ref(expected)})`);
    }
    return code;
  }

  function stringKeywords(schema: Schema): string {
    let code = '';
    if (typeof schema.pattern === 'string') code += fail(keyTest(schema.pattern, 'v'));
    if (typeof schema.format === 'string' && ['uri', 'email', 'regex'].includes(schema.format))
      code += fail(`${externals.ref(checkFormat)}(${JSON.stringify(schema.format)}, v)`);
    if (typeof schema.minLength === 'number') code += fail(`v.length >= ${schema.minLength}`);
    if (typeof schema.maxLength === 'number') code += fail(`v.length <= ${schema.maxLength}`);
    return guard(code, 'string', schema);
  }

  function numberKeywords(schema: Schema): string {
    let code = '';
    if (typeof schema.minimum === 'number')
      code += fail(`v ${schema.exclusiveMinimum === true ? '>' : '>='} ${schema.minimum}`);
    if (typeof schema.maximum === 'number')
      code += fail(`v ${schema.exclusiveMaximum === true ? '<' : '<='} ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number') code += fail(`v > ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number') code += fail(`v < ${schema.exclusiveMaximum}`);
    return code === '' ? '' : `if (typeof v === "number") {\n${code}}\n`;
  }

  function arrayKeywords(schema: Schema): string {
    let code = '';
    if (Array.isArray(schema.items)) {
      const tuple = schema.items;
      code += tuple
        .map((item, index) => `if (v.length > ${index}) {\n${fail(call(item, `v[${index}]`))}}\n`)
        .join('');
      if (schema.additionalItems !== undefined) {
        const rest = call(schema.additionalItems, 'm');
        if (rest !== 'true')
          code += `for (let i = ${tuple.length}; i < v.length; i++) {\nconst m = v[i];\n${fail(rest)}}\n`;
      }
    } else if (schema.items !== undefined) {
      const every = call(schema.items, 'm');
      if (every !== 'true')
        code += `for (let i = 0; i < v.length; i++) {\nconst m = v[i];\n${fail(every)}}\n`;
    }
    if (typeof schema.minItems === 'number') code += fail(`v.length >= ${schema.minItems}`);
    if (typeof schema.maxItems === 'number') code += fail(`v.length <= ${schema.maxItems}`);
    if (schema.uniqueItems === true) code += fail(`${externals.ref(allItemsUnique)}(v)`);
    return guard(code, 'array', schema);
  }

  function combinators(schema: Schema): string {
    let code = '';
    if (Array.isArray(schema.allOf)) for (const part of schema.allOf) code += fail(call(part, 'v'));
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const list = schema[keyword];
      if (!Array.isArray(list)) continue;
      // A branch that requires `$ref` fails on an object without one, a branch that excludes it
      // on an object with one: such a branch is not run then. `own` is 0 for a value that is
      // not an object, 1 for an object without `$ref`, 2 for one with it.
      const sides = list.map((branch) => (requiresRef(branch) ? 1 : excludesRef(branch) ? 2 : 0));
      const guarded = (branch: unknown, index: number): string =>
        sides[index] === 0 ? call(branch, 'v') : `own !== ${sides[index]} && ${call(branch, 'v')}`;
      code += '{\n';
      if (sides.some((side) => side !== 0))
        code += `const own = ${IS_OBJECT('v')} ? (Object.hasOwn(v, "$ref") ? 2 : 1) : 0;\n`;
      if (keyword === 'anyOf') {
        code += fail(list.length === 0 ? 'false' : list.map((b, i) => `(${guarded(b, i)})`).join(' || '));
      } else {
        code += 'let passing = 0;\n';
        list.forEach((branch, index) => {
          code += `if (${guarded(branch, index)} && ++passing > 1) return false;\n`;
        });
        code += 'if (passing !== 1) return false;\n';
      }
      code += '}\n';
    }
    if (schema.not !== undefined) code += fail(negate(call(schema.not, 'v')));
    if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
      const then = schema.then === undefined ? 'true' : call(schema.then, 'v');
      const otherwise = schema.else === undefined ? 'true' : call(schema.else, 'v');
      code += `if (${call(schema.if, 'v')}) {\n${fail(then)}} else {\n${fail(otherwise)}}\n`;
    }
    return code;
  }

  function objectKeywords(schema: Schema): string {
    let code = '';
    if (Array.isArray(schema.required))
      for (const name of schema.required)
        if (typeof name === 'string') code += fail(`Object.hasOwn(v, ${JSON.stringify(name)})`);
    const min = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
    const max = typeof schema.maxProperties === 'number' ? schema.maxProperties : Number.POSITIVE_INFINITY;
    const counted = min !== 0 || max !== Number.POSITIVE_INFINITY;
    const countTest = `count >= ${min}${max === Number.POSITIVE_INFINITY ? '' : ` && count <= ${max}`}`;
    const members = memberLoop(schema, counted);
    // The member loop counts the keys itself when there is one (a second `for…in` over an object
    // with index-like keys, such as Responses', gathers and stringifies every key again).
    if (counted && members === '') code += `let count = 0;\nfor (const k in v) count++;\n${fail(countTest)}`;
    if (schema.propertyNames !== undefined) {
      const test = call(schema.propertyNames, 'k');
      if (test !== 'true') code += `for (const k in v) {\n${fail(test)}}\n`;
    }
    if (isObject(schema.dependentSchemas)) {
      for (const [name, sub] of Object.entries(schema.dependentSchemas))
        code += `if (Object.hasOwn(v, ${JSON.stringify(name)})) {\n${fail(call(sub, 'v'))}}\n`;
    }
    if (members !== '') code += counted ? `let count = 0;\n${members}${fail(countTest)}` : members;
    return guard(code, 'object', schema);
  }

  /** `properties`, `patternProperties`, `additionalProperties`, `unevaluatedProperties: false`. */
  function memberLoop(schema: Schema, counted: boolean): string {
    const hasMembers =
      schema.properties !== undefined ||
      schema.patternProperties !== undefined ||
      schema.additionalProperties !== undefined ||
      schema.unevaluatedProperties === false;
    if (!hasMembers) return '';
    const named = isObject(schema.properties) ? Object.entries(schema.properties) : [];
    const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    const matches = patterns.map(([pattern]) => patternRegExp(pattern));
    const additional = schema.additionalProperties;
    const additionalTest = additional === undefined || additional === false ? 'true' : call(additional, 'm');
    let closed = '';
    if (additional === false) closed = 'return false;\n';
    else if (schema.unevaluatedProperties === false && additional === undefined) {
      const evaluated = { names: new Set<string>(), patterns: [] as ((key: string) => boolean)[] };
      gatherEvaluated(schema, context, evaluated, new Set());
      const known = [
        `${externals.ref(evaluated.names)}.has(k)`,
        ...evaluated.patterns.map((p) => `${externals.ref(p)}(k)`),
      ];
      closed = fail(known.join(' || '));
    }
    // Every pattern a named key matches is known now: its case checks them too.
    const cases = dispatchByName(
      named.map(([name, sub]) => {
        const tests = [
          call(sub, 'm'),
          ...patterns.filter((_, i) => matches[i]?.test(name)).map(([, p]) => call(p, 'm')),
        ];
        return { name, code: tests.map(fail).join('') };
      }),
      'k',
    );

    let unmatched = '';
    if (patterns.length > 0) {
      unmatched += 'let matched = false;\n';
      for (const [pattern, sub] of patterns)
        unmatched += `if (${keyTest(pattern, 'k')}) {\n${fail(call(sub, 'm'))}matched = true;\n}\n`;
      unmatched += 'if (matched) continue;\n';
    }
    unmatched += fail(additionalTest) + closed;
    if (cases === '' && unmatched === '' && !counted) return '';
    return `for (const k in v) {\n${counted ? 'count++;\n' : ''}const m = v[k];\n${cases}${unmatched}}\n`;
  }

  function body(schema: Schema): string {
    let code = valueKeywords(schema);
    const refs = (['$ref', '$dynamicRef'] as const).filter((keyword) => typeof schema[keyword] === 'string');
    for (const keyword of refs) {
      const target = context.resolveRaw(schema[keyword] as string, keyword === '$dynamicRef');
      code += fail(target === undefined ? 'true' : call(target, 'v'));
    }
    code += objectKeywords(schema) + stringKeywords(schema) + numberKeywords(schema);
    code += combinators(schema) + arrayKeywords(schema);
    return `${code}return true;\n`;
  }

  if (!mayGenerateCode()) return undefined;
  const entry = call(root, 'v');
  if (entry === 'true' || entry === 'false') return () => entry === 'true';
  for (let next = pending.shift(); next !== undefined; next = pending.shift())
    bodies.push(`function ${names.get(next)}(v) {\n${body(next)}}\n`);
  try {
    const factory = new Function('x', `"use strict";\n${bodies.join('')}return f0;`) as (
      x: unknown[],
    ) => (value: unknown) => boolean;
    return factory(externals.values);
  } catch {
    return undefined;
  }
}
