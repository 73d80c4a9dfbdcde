import { compileCombinators } from './combinator-keywords.js';
import type { CompilerContext, KeywordCheck } from './compiler-context.js';
import { createCompilerContext } from './compiler-context.js';
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
  if (checks.length === 0) return { test: () => true, explain, requiresRef };
  if (checks.length === 1) {
    const only = checks[0] as KeywordCheck;
    return { test: (value) => only.test(value), explain, requiresRef };
  }
  return {
    test(value) {
      for (const check of checks) if (!check.test(value)) return false;
      return true;
    },
    explain,
    requiresRef,
  };
}

/**
 * Compiles a JSON Schema (the draft-04 and 2020-12 keywords the official OpenAPI schemas
 * use) into a validator. Local `$ref`s and the `$dynamicRef` of the 3.1 schema resolve within
 * the root; recursion is lazy, so circular schemas compile and run without looping.
 *
 * @example
 * const check = compileSchema({ type: 'object', required: ['a'] });
 * check.test({}); // false
 * const errors = []; check.explain({}, [], errors); // [{ keyword: 'required', … }]
 */
export function compileSchema(root: JsonSchema): CompiledSchema {
  return createCompilerContext(root, compileObject).compile(root);
}
