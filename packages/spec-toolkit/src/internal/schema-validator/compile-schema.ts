import { compileCombinators } from './combinator-keywords.js';
import type { CompilerContext, KeywordCheck } from './compiler-context.js';
import { ALWAYS, createCompilerContext } from './compiler-context.js';
import { generateValidatorCode } from './generate-validator-code.js';
import type { CompiledSchema, JsonSchema, SchemaError } from './json-schema.js';
import {
  compileObjectExtras,
  compileObjectMembers,
  compilePropertyCount,
  compileRequired,
} from './object-keywords.js';
import {
  compileArrayKeywords,
  compileNumberKeywords,
  compileStringKeywords,
  compileValueKeywords,
} from './scalar-keywords.js';

function compileObject(schema: Record<string, unknown>, context: CompilerContext): CompiledSchema {
  // Order matters for speed only: cheap type checks first, deep member walks last.
  const checks: KeywordCheck[] = [...compileValueKeywords(schema)];
  const required = compileRequired(schema);
  if (required) checks.push(required);
  checks.push(...compileStringKeywords(schema), ...compileNumberKeywords(schema));
  const count = compilePropertyCount(schema);
  if (count) checks.push(count);
  if (typeof schema.$ref === 'string') checks.push(context.reference(schema.$ref, false));
  if (typeof schema.$dynamicRef === 'string') checks.push(context.reference(schema.$dynamicRef, true));
  checks.push(...compileCombinators(schema, context));
  checks.push(...compileObjectExtras(schema, context), ...compileArrayKeywords(schema, context));
  const members = compileObjectMembers(schema, context);
  if (members) checks.push(members);

  const requiresRef = Array.isArray(schema.required) && schema.required.includes('$ref');
  const explain = (value: unknown, path: string[], out: SchemaError[]): void => {
    for (const check of checks) if (!check.test(value)) check.explain(value, path, out);
  };
  // A schema with no keyword that constrains (`{}`, or only annotations) is the shared ALWAYS,
  // which callers recognise and skip.
  if (checks.length === 0) return ALWAYS;
  // Only a type check: say so, so members and items can test the type without a call.
  if (checks.length === 1 && typeof schema.type === 'string') {
    return { test: allOf(checks), explain, requiresRef, leafType: schema.type };
  }
  return { test: allOf(checks), explain, requiresRef };
}

/** One test running every check in order; unrolled for the common short lists (hot path). */
function allOf(checks: KeywordCheck[]): (value: unknown) => boolean {
  const [a, b, c, d] = checks as (KeywordCheck | undefined)[];
  switch (checks.length) {
    case 0:
      return () => true;
    case 1:
      return (a as KeywordCheck).test;
    case 2: {
      const [ta, tb] = [(a as KeywordCheck).test, (b as KeywordCheck).test];
      return (value) => ta(value) && tb(value);
    }
    case 3: {
      const [ta, tb, tc] = [(a as KeywordCheck).test, (b as KeywordCheck).test, (c as KeywordCheck).test];
      return (value) => ta(value) && tb(value) && tc(value);
    }
    case 4: {
      const [ta, tb, tc, td] = [
        (a as KeywordCheck).test,
        (b as KeywordCheck).test,
        (c as KeywordCheck).test,
        (d as KeywordCheck).test,
      ];
      return (value) => ta(value) && tb(value) && tc(value) && td(value);
    }
    default:
      return (value) => {
        for (let index = 0; index < checks.length; index++) {
          if (!(checks[index] as KeywordCheck).test(value)) return false;
        }
        return true;
      };
  }
}

/** Options of {@link compileSchema}. */
export interface CompileSchemaOptions {
  /** Generate the boolean `test` as code (default true); false keeps the closures (the reference). */
  generate?: boolean;
}

/**
 * Compiles a JSON Schema (the draft-04 and 2020-12 keywords the official OpenAPI schemas
 * use) into a validator. Local `$ref`s and the `$dynamicRef` of the 3.1 schema resolve within
 * the root; recursion is lazy, so circular schemas compile and run without looping. The fast
 * `test` is generated code where the runtime allows it (see `generateValidatorCode`); `explain` runs
 * on closures, only for values `test` rejected.
 *
 * @example
 * const check = compileSchema({ type: 'object', required: ['a'] });
 * check.test({}); // false
 * const errors = []; check.explain({}, [], errors); // [{ keyword: 'required', … }]
 */
export function compileSchema(root: JsonSchema, options: CompileSchemaOptions = {}): CompiledSchema {
  const context = createCompilerContext(root, compileObject);
  const closures = context.compile(root);
  const generated = options.generate === false ? undefined : generateValidatorCode(root, context);
  if (generated === undefined) return closures;
  return {
    test: generated,
    explain: closures.explain,
    requiresRef: closures.requiresRef,
    ...(closures.leafType === undefined ? {} : { leafType: closures.leafType }),
  };
}
