import { isPlainObject } from '../json-pointer.js';
import { resolveLocalValue, templateNames } from '../spec-model.js';

// Predicates shared by the reporting operation checks and their fast, pointer-free pass. Index
// loops, not `for…of`: where a loop is not optimised, each one would allocate an iterator.

/** True when every key is an extension (`x-*`), so also for an empty object. */
export function onlyExtensions(record: Record<string, unknown>): boolean {
  for (const key in record) if (!key.startsWith('x-')) return false;
  return true;
}

/** The first index, up to `upTo`, of a parameter with this name and location (lists are short). */
export function firstParameterIndex(
  doc: unknown,
  list: unknown[],
  upTo: number,
  name: string,
  location: string,
): number {
  for (let index = 0; index < upTo; index++) {
    const value = resolveLocalValue(doc, list[index]);
    if (isPlainObject(value) && value.name === name && value.in === location) return index;
  }
  return upTo;
}

/**
 * The fast answer for the common case, with no pointer built: the path's `{names}` and the path
 * parameters in effect (path-level and operation-level, which `listParameters` merges by name
 * and `in`, so their names are the union) are the same set. `names`, the path's template names,
 * when the caller has them (the operations of one path share them).
 */
export function pathTemplateMatches(
  doc: unknown,
  path: string,
  pathItem: Record<string, unknown>,
  operation: Record<string, unknown>,
  names: readonly string[] = pathTemplateNames(path),
): boolean {
  for (let level = 0; level < 2; level++) {
    const list = level === 0 ? pathItem.parameters : operation.parameters;
    if (!Array.isArray(list)) continue;
    for (let index = 0; index < list.length; index++) {
      const name = pathParameterName(doc, list[index]);
      if (name !== undefined && !names.includes(name)) return false;
    }
  }
  for (let index = 0; index < names.length; index++)
    if (!declaresPathParameter(doc, pathItem, operation, names[index] as string)) return false;
  return true;
}

/** The name of a (resolved) path parameter; undefined for any other parameter. */
function pathParameterName(doc: unknown, raw: unknown): string | undefined {
  const value = resolveLocalValue(doc, raw);
  if (!isPlainObject(value) || value.in !== 'path' || typeof value.name !== 'string') return undefined;
  return value.name;
}

function declaresPathParameter(
  doc: unknown,
  pathItem: Record<string, unknown>,
  operation: Record<string, unknown>,
  name: string,
): boolean {
  for (let level = 0; level < 2; level++) {
    const list = level === 0 ? pathItem.parameters : operation.parameters;
    if (!Array.isArray(list)) continue;
    for (let index = 0; index < list.length; index++)
      if (pathParameterName(doc, list[index]) === name) return true;
  }
  return false;
}

const NO_NAMES: readonly string[] = [];

/** The `{names}` of a path; one shared empty list for a path without templates. */
export function pathTemplateNames(path: string): readonly string[] {
  return path.includes('{') ? templateNames(path) : NO_NAMES;
}
