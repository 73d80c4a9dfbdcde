import { readAtTokens } from '../json-pointer.js';
import { localRefTokens } from '../spec-model.js';
import type { CompiledSchema, JsonSchema, SchemaError } from './json-schema.js';

/** A keyword's pair of checks: `test` decides, `explain` reports (only called after a failure). */
export interface KeywordCheck {
  test(value: unknown): boolean;
  explain(value: unknown, path: string[], out: SchemaError[]): void;
}

/** What keyword compilers need: compiling subschemas and resolving references in one root. */
export interface CompilerContext {
  compile(schema: unknown): CompiledSchema;
  /** The subschema a `$ref` (or `$dynamicRef`) names, compiled lazily so cycles are fine. */
  reference(ref: string, dynamic: boolean): CompiledSchema;
  /** The raw subschema a `$ref` names, for static analysis. */
  resolveRaw(ref: string, dynamic: boolean): JsonSchema | undefined;
}

export const ALWAYS: CompiledSchema = { test: () => true, explain: () => {}, requiresRef: false };

export const NEVER: CompiledSchema = {
  test: () => false,
  explain: (_value, path, out) =>
    out.push({ path: pointerOf(path), keyword: 'false', message: 'No value is allowed here.' }),
  requiresRef: false,
};

/** Joins a path stack into a JSON pointer. */
export function pointerOf(path: readonly string[]): string {
  let out = '';
  for (const token of path) out += `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return out;
}

/** Finds the subschema carrying `$dynamicAnchor: name` (the official 3.1 schema's `#meta`). */
function findDynamicAnchor(node: unknown, name: string, seen = new Set<unknown>()): JsonSchema | undefined {
  if (typeof node !== 'object' || node === null || seen.has(node)) return undefined;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (record.$dynamicAnchor === name) return record;
  for (const value of Object.values(record)) {
    const found = findDynamicAnchor(value, name, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Creates the compilation context for one root schema. */
export function createCompilerContext(
  root: JsonSchema,
  compileObject: (schema: Record<string, unknown>, context: CompilerContext) => CompiledSchema,
): CompilerContext {
  const cache = new Map<object, CompiledSchema>();
  const refs = new Map<string, CompiledSchema>();
  const context: CompilerContext = {
    compile(schema) {
      if (schema === true || schema === undefined) return ALWAYS;
      if (schema === false) return NEVER;
      if (typeof schema !== 'object' || schema === null) return ALWAYS;
      const cached = cache.get(schema);
      if (cached) return cached;
      const compiled = compileObject(schema as Record<string, unknown>, context);
      cache.set(schema, compiled);
      return compiled;
    },
    resolveRaw(ref, dynamic) {
      if (dynamic && ref.startsWith('#') && !ref.startsWith('#/'))
        return findDynamicAnchor(root, ref.slice(1));
      const tokens = localRefTokens(ref);
      if (tokens === null) return undefined;
      return readAtTokens(root, tokens) as JsonSchema | undefined;
    },
    reference(ref, dynamic) {
      const key = `${dynamic ? 'dyn:' : ''}${ref}`;
      const known = refs.get(key);
      if (known) return known;
      let target: CompiledSchema | undefined;
      const resolve = (): CompiledSchema => {
        if (target === undefined) {
          const raw = context.resolveRaw(ref, dynamic);
          target = raw === undefined ? ALWAYS : context.compile(raw);
        }
        return target;
      };
      const raw = context.resolveRaw(ref, dynamic);
      const requiresRef =
        typeof raw === 'object' &&
        raw !== null &&
        Array.isArray(raw.required) &&
        raw.required.includes('$ref');
      // After the first call the target's own functions replace the lazy ones on this object.
      const lazy: { -readonly [K in keyof CompiledSchema]: CompiledSchema[K] } = {
        test: (value) => {
          const resolved = resolve();
          lazy.test = resolved.test;
          return resolved.test(value);
        },
        explain: (value, path, out) => resolve().explain(value, path, out),
        requiresRef,
      };
      refs.set(key, lazy);
      return lazy;
    },
  };
  return context;
}
