import { HTTP_METHODS, type SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { resolveLocalValue } from '../spec-model.js';
import { onlyExtensions, pathTemplateNames } from './operation-rules.js';
import {
  clearParameterKeys,
  createParameterKeys,
  type ParameterKeys,
  parameterKeysClean,
  pathTemplateKeysMatch,
  readParameterKeys,
} from './parameter-keys.js';

/** Each list is resolved once into these (kept between calls, emptied after each). */
const PATH_LEVEL = createParameterKeys();
const OPERATION_LEVEL = createParameterKeys();

/**
 * The operation checks' fast pass for a parsed JSON document (where each object sits at one
 * place, so an object stands for its pointer): no pointer, label or entry is built. Returns
 * how many operations `listOperations` would list when the reporting checks would find
 * nothing; -1 as soon as one of them would report something (the caller then runs them) or
 * for 3.2 documents (their `query` and `additionalOperations` are left to the reporting checks).
 */
export function countOperationsIfClean(doc: Record<string, unknown>, version: SpecVersion | null): number {
  if (version === '3.2') return -1;
  try {
    return countWithKeys(doc, PATH_LEVEL, OPERATION_LEVEL);
  } finally {
    clearParameterKeys(PATH_LEVEL);
    clearParameterKeys(OPERATION_LEVEL);
  }
}

function countWithKeys(
  doc: Record<string, unknown>,
  pathLevel: ParameterKeys,
  operationLevel: ParameterKeys,
): number {
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
    let pathLevelRead = false;
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
      if (responses === undefined || (isPlainObject(responses) && onlyExtensionResponses(responses)))
        return -1;
      const id = operation.operationId;
      if (typeof id === 'string') {
        if (operationIds.has(id)) return -1;
        operationIds.add(id);
      }
      if (!pathLevelRead) {
        pathLevelRead = true;
        readParameterKeys(doc, pathItem.parameters, pathLevel);
      }
      if (Array.isArray(pathItem.parameters) && !pathParametersChecked && !checkedPathItems?.has(pathItem)) {
        pathParametersChecked = true;
        checkedPathItems?.add(pathItem);
        if (!parameterKeysClean(pathLevel)) return -1;
      }
      readParameterKeys(doc, operation.parameters, operationLevel);
      if (Array.isArray(operation.parameters) && !parameterKeysClean(operationLevel)) return -1;
      names ??= pathTemplateNames(path);
      if (!pathTemplateKeysMatch(names, pathLevel, operationLevel)) return -1;
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

/** Status codes most operations list: one of them present answers without listing the keys. */
const COMMON_CODES = ['200', '204', '201', 'default'];

/**
 * `onlyExtensions` for a Responses Object. Its keys are status codes, which V8 stores as
 * elements: a `for…in` over them gathers every code as a new string before the first test, so
 * a code most operations have is looked up first.
 */
function onlyExtensionResponses(responses: Record<string, unknown>): boolean {
  for (let index = 0; index < COMMON_CODES.length; index++)
    if (Object.hasOwn(responses, COMMON_CODES[index] as string)) return false;
  return onlyExtensions(responses);
}
