import { HTTP_METHODS, type SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { resolveLocalValue } from '../spec-model.js';
import {
  onlyExtensions,
  parameterListClean,
  pathTemplateMatches,
  pathTemplateNames,
} from './operation-rules.js';

/**
 * The operation checks' fast pass for a parsed JSON document (where each object sits at one
 * place, so an object stands for its pointer): no pointer, label or entry is built. Returns
 * how many operations `listOperations` would list when the reporting checks would find
 * nothing; -1 as soon as one of them would report something (the caller then runs them) or
 * for 3.2 documents (their `query` and `additionalOperations` are left to the reporting checks).
 */
export function countOperationsIfClean(doc: Record<string, unknown>, version: SpecVersion | null): number {
  if (version === '3.2') return -1;
  const items = doc.paths;
  if (!isPlainObject(items)) return 0;
  // Without a referenced path item each path item (and so each operation) is met once: the
  // sets that skip repeats are made only for a document that references one.
  const seenOperations = referencesPathItem(items) ? new Set<object>() : null;
  const checkedPathItems = seenOperations === null ? null : new Set<object>();
  const operationIds = new Set<string>();
  let operations = 0;
  for (const path in items) {
    if (path.startsWith('x-')) continue;
    const pathItem = resolveLocalValue(doc, items[path]);
    if (!isPlainObject(pathItem)) continue;
    let pathParametersChecked = false;
    let names: readonly string[] | undefined;
    // An index loop: `for…of` allocates an iterator result per method where it is not optimised.
    for (let index = 0; index < HTTP_METHODS.length; index++) {
      const operation = pathItem[HTTP_METHODS[index] as string];
      if (!isPlainObject(operation)) continue;
      operations++;
      if (seenOperations !== null) {
        if (seenOperations.has(operation)) continue;
        seenOperations.add(operation);
      }
      const responses = operation.responses;
      if (responses === undefined || (isPlainObject(responses) && onlyExtensions(responses))) return -1;
      const id = operation.operationId;
      if (typeof id === 'string') {
        if (operationIds.has(id)) return -1;
        operationIds.add(id);
      }
      if (Array.isArray(pathItem.parameters) && !pathParametersChecked && !checkedPathItems?.has(pathItem)) {
        pathParametersChecked = true;
        checkedPathItems?.add(pathItem);
        if (!parameterListClean(doc, pathItem.parameters)) return -1;
      }
      if (Array.isArray(operation.parameters) && !parameterListClean(doc, operation.parameters)) return -1;
      names ??= pathTemplateNames(path);
      if (!pathTemplateMatches(doc, path, pathItem, operation, names)) return -1;
    }
  }
  return operations;
}

/** True when an entry of `paths` is a reference (to another entry, or to a component). */
function referencesPathItem(items: Record<string, unknown>): boolean {
  for (const path in items) {
    const item = items[path];
    if (isPlainObject(item) && typeof item.$ref === 'string') return true;
  }
  return false;
}
