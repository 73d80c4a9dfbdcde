import type { CompilerContext, KeywordCheck } from './compiler-context.js';
import { ALWAYS, pointerOf } from './compiler-context.js';
import type { CompiledSchema, JsonSchema } from './json-schema.js';
import { CALL_TEST, compilePattern, leafKindOf, leafOk, SKIP } from './value-checks.js';

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Property names and patterns a schema evaluates, gathered through its in-place applicators. */
export interface Evaluated {
  names: Set<string>;
  patterns: ((key: string) => boolean)[];
}

/**
 * `unevaluatedProperties` is approximated statically: every property named or patterned by the
 * schema or by the subschemas it applies in place counts as evaluated. It can accept a
 * property a conditional branch did not really evaluate; it never rejects a valid one.
 */
export function gatherEvaluated(
  schema: JsonSchema,
  context: CompilerContext,
  into: Evaluated,
  seen: Set<unknown>,
): void {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
  seen.add(schema);
  if (isObject(schema.properties)) for (const name of Object.keys(schema.properties)) into.names.add(name);
  if (isObject(schema.patternProperties)) {
    for (const pattern of Object.keys(schema.patternProperties)) into.patterns.push(compilePattern(pattern));
  }
  for (const keyword of ['$ref', '$dynamicRef'] as const) {
    const ref = schema[keyword];
    if (typeof ref === 'string') {
      const target = context.resolveRaw(ref, keyword === '$dynamicRef');
      if (target !== undefined) gatherEvaluated(target, context, into, seen);
    }
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const sub of list) gatherEvaluated(sub as JsonSchema, context, into, seen);
  }
  for (const keyword of ['if', 'then', 'else']) {
    if (schema[keyword] !== undefined) gatherEvaluated(schema[keyword] as JsonSchema, context, into, seen);
  }
  if (isObject(schema.dependentSchemas)) {
    for (const sub of Object.values(schema.dependentSchemas))
      gatherEvaluated(sub as JsonSchema, context, into, seen);
  }
}

/**
 * `properties`, `patternProperties`, `additionalProperties` and `unevaluatedProperties: false`
 * as one pass over the value's keys (not over the schema's), which is what keeps large
 * documents fast.
 */
export function compileObjectMembers(schema: Schema, context: CompilerContext): KeywordCheck | null {
  const hasMembers =
    schema.properties !== undefined ||
    schema.patternProperties !== undefined ||
    schema.additionalProperties !== undefined ||
    schema.unevaluatedProperties === false;
  if (!hasMembers) return null;
  const named = new Map<string, CompiledSchema>();
  if (isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) named.set(name, context.compile(sub));
  }
  const patterns: { match: (key: string) => boolean; schema: CompiledSchema }[] = [];
  if (isObject(schema.patternProperties)) {
    for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
      patterns.push({ match: compilePattern(pattern), schema: context.compile(sub) });
    }
  }
  const additional = schema.additionalProperties;
  const additionalCompiled =
    additional === undefined || additional === false ? null : context.compile(additional);
  // `additionalProperties: true` or `{}` accepts everything: nothing to run.
  const additionalSchema = additionalCompiled === ALWAYS ? null : additionalCompiled;
  let closedBy: Evaluated | null = null;
  if (additional === false)
    closedBy = { names: new Set(named.keys()), patterns: patterns.map((p) => p.match) };
  else if (schema.unevaluatedProperties === false && additional === undefined) {
    closedBy = { names: new Set(), patterns: [] };
    gatherEvaluated(schema, context, closedBy, new Set());
  }
  const isKnown = (key: string): boolean => {
    if (closedBy === null) return true;
    if (closedBy.names.has(key)) return true;
    for (const match of closedBy.patterns) if (match(key)) return true;
    return false;
  };
  // Keys named in `properties` or matching a pattern count as matched for `additionalProperties`.
  const matchedOwn = (key: string): boolean => {
    if (named.has(key)) return true;
    for (const pattern of patterns) if (pattern.match(key)) return true;
    return false;
  };

  // With `additionalProperties: false` a key is known exactly when a name or pattern matched it.
  // What `test` runs per named member: a call, nothing, or an inline type test.
  const slots = new Map<string, { schema: CompiledSchema; kind: number }>();
  for (const [name, compiled] of named)
    slots.set(name, { schema: compiled, kind: leafKindOf(compiled, ALWAYS) });
  const closedByOwn = additional === false;
  const patternCount = patterns.length;
  const hasNamed = named.size > 0;
  return {
    test(value) {
      if (!isObject(value)) return true;
      for (const key in value) {
        const member = value[key];
        let matched = false;
        if (hasNamed) {
          const slot = slots.get(key);
          if (slot !== undefined) {
            const kind = slot.kind;
            if (kind === CALL_TEST) {
              if (!slot.schema.test(member)) return false;
            } else if (kind !== SKIP && !leafOk(kind, member)) return false;
            matched = true;
          }
        }
        for (let index = 0; index < patternCount; index++) {
          const pattern = patterns[index] as (typeof patterns)[number];
          if (!pattern.match(key)) continue;
          if (pattern.schema !== ALWAYS && !pattern.schema.test(member)) return false;
          matched = true;
        }
        if (matched) continue;
        if (additionalSchema !== null && !additionalSchema.test(member)) return false;
        if (closedBy !== null && (closedByOwn || !isKnown(key))) return false;
      }
      return true;
    },
    explain(value, path, out) {
      if (!isObject(value)) return;
      for (const key in value) {
        const member = value[key];
        path.push(key);
        if (closedBy !== null && !isKnown(key)) {
          out.push({
            path: pointerOf(path),
            keyword: 'additionalProperties',
            property: key,
            message: `Property "${key}" is not allowed here.`,
          });
        } else {
          const property = named.get(key);
          if (property !== undefined && !property.test(member)) property.explain(member, path, out);
          for (const pattern of patterns) {
            if (pattern.match(key) && !pattern.schema.test(member)) pattern.schema.explain(member, path, out);
          }
          if (additionalSchema !== null && !matchedOwn(key) && !additionalSchema.test(member)) {
            additionalSchema.explain(member, path, out);
          }
        }
        path.pop();
      }
    },
  };
}

/** `required`. */
export function compileRequired(schema: Schema): KeywordCheck | null {
  if (!Array.isArray(schema.required) || schema.required.length === 0) return null;
  const names = schema.required.filter((name): name is string => typeof name === 'string');
  return {
    test(value) {
      if (!isObject(value)) return true;
      for (let index = 0; index < names.length; index++) {
        if (!Object.hasOwn(value, names[index] as string)) return false;
      }
      return true;
    },
    explain(value, path, out) {
      if (!isObject(value)) return;
      for (const name of names) {
        if (Object.hasOwn(value, name)) continue;
        out.push({
          path: pointerOf(path),
          keyword: 'required',
          property: name,
          message: `Missing required property "${name}".`,
        });
      }
    },
  };
}

/** `minProperties` / `maxProperties`. */
export function compilePropertyCount(schema: Schema): KeywordCheck | null {
  const min = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const max = typeof schema.maxProperties === 'number' ? schema.maxProperties : Number.POSITIVE_INFINITY;
  if (min === 0 && max === Number.POSITIVE_INFINITY) return null;
  const ok = (value: unknown): boolean => {
    if (!isObject(value)) return true;
    let count = 0;
    for (const _key in value) count++;
    return count >= min && count <= max;
  };
  return {
    test: ok,
    explain(value, path, out) {
      if (ok(value)) return;
      const keyword = Object.keys(value as object).length < min ? 'minProperties' : 'maxProperties';
      const message =
        keyword === 'minProperties'
          ? `Must have at least ${min} ${min === 1 ? 'entry' : 'entries'}.`
          : `Must have at most ${max} entries.`;
      out.push({ path: pointerOf(path), keyword, message });
    },
  };
}

/** `propertyNames` and `dependentSchemas`. */
export function compileObjectExtras(schema: Schema, context: CompilerContext): KeywordCheck[] {
  const checks: KeywordCheck[] = [];
  if (schema.propertyNames !== undefined) {
    const names = context.compile(schema.propertyNames);
    checks.push({
      test: (value) => {
        if (!isObject(value)) return true;
        for (const key in value) if (!names.test(key)) return false;
        return true;
      },
      explain(value, path, out) {
        if (!isObject(value)) return;
        for (const key of Object.keys(value)) {
          if (names.test(key)) continue;
          path.push(key);
          out.push({
            path: pointerOf(path),
            keyword: 'propertyNames',
            message: `Property name "${key}" is not allowed.`,
          });
          path.pop();
        }
      },
    });
  }
  if (isObject(schema.dependentSchemas)) {
    const dependents = Object.entries(schema.dependentSchemas).map(([name, sub]) => ({
      name,
      schema: context.compile(sub),
    }));
    checks.push({
      test: (value) => {
        if (!isObject(value)) return true;
        for (const d of dependents) if (Object.hasOwn(value, d.name) && !d.schema.test(value)) return false;
        return true;
      },
      explain(value, path, out) {
        if (!isObject(value)) return;
        for (const d of dependents)
          if (Object.hasOwn(value, d.name) && !d.schema.test(value)) d.schema.explain(value, path, out);
      },
    });
  }
  return checks;
}
