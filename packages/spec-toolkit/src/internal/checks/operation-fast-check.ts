import { HTTP_METHODS, type SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { resolveLocalValue } from '../spec-model.js';
import { onlyExtensions, parameterListClean, pathTemplateMatches } from './operation-rules.js';

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
  const seenOperations = new Set<object>();
  const checkedPathItems = new Set<object>();
  const operationIds = new Set<string>();
  let operations = 0;
  for (const path in items) {
    if (path.startsWith('x-')) continue;
    const pathItem = resolveLocalValue(doc, items[path]);
    if (!isPlainObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isPlainObject(operation)) continue;
      operations++;
      if (seenOperations.has(operation)) continue;
      seenOperations.add(operation);
      const responses = operation.responses;
      if (responses === undefined || (isPlainObject(responses) && onlyExtensions(responses))) return -1;
      const id = operation.operationId;
      if (typeof id === 'string') {
        if (operationIds.has(id)) return -1;
        operationIds.add(id);
      }
      if (Array.isArray(pathItem.parameters) && !checkedPathItems.has(pathItem)) {
        checkedPathItems.add(pathItem);
        if (!parameterListClean(doc, pathItem.parameters)) return -1;
      }
      if (Array.isArray(operation.parameters) && !parameterListClean(doc, operation.parameters)) return -1;
      if (!pathTemplateMatches(doc, path, pathItem, operation)) return -1;
    }
  }
  return operations;
}
