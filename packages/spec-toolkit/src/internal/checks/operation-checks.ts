import type { SpecVersion } from '../../types.js';
import { appendAll } from '../append-all.js';
import { isPlainObject, joinPointer } from '../json-pointer.js';
import {
  forEachOperation,
  isOas31OrLater,
  listParameters,
  type OperationEntry,
  resolveLocalValue,
  templateNames,
} from '../spec-model.js';
import { errorAt, type Finding, warningAt } from './finding.js';
import { firstParameterIndex, onlyExtensions, pathTemplateMatches } from './operation-rules.js';

/** What {@link checkOperations} found, and how many operations `listOperations` would list. */
export interface OperationScan {
  findings: Finding[];
  operations: number;
}

/** Responses, operationIds, path template parameters and duplicate parameters, per operation. */
export function checkOperations(doc: Record<string, unknown>, version: SpecVersion | null): OperationScan {
  const findings: Finding[] = [];
  const operationIds = new Map<string, string>();
  const seenOperations = new Set<string>();
  const checkedPathItems = new Set<string>();
  const reportedUnused = new Set<string>();
  let operations = 0;
  forEachOperation(doc, 'paths', (entry) => {
    operations++;
    // A path item reached twice through `$ref` holds the same operations: check them once.
    if (seenOperations.has(entry.pointer)) return;
    seenOperations.add(entry.pointer);
    const responseFinding = checkResponses(entry, version);
    if (responseFinding !== null) findings.push(responseFinding);
    const id = entry.operation.operationId;
    if (typeof id === 'string') {
      const first = operationIds.get(id);
      if (first === undefined) operationIds.set(id, entry.pointer);
      else {
        findings.push(
          errorAt(
            'SPEC_OPERATION_ID_DUPLICATE',
            joinPointer(entry.pointer, 'operationId'),
            `operationId "${id}" is already used by the operation at ${first}.`,
          ),
        );
      }
    }
    // A path item's list is checked once for all its operations; an operation's own list is
    // met once (operations are deduplicated above). Its pointer is built only for a report.
    if (Array.isArray(entry.pathItem.parameters) && !checkedPathItems.has(entry.pathItemPointer)) {
      checkedPathItems.add(entry.pathItemPointer);
      checkParameterList(doc, entry.pathItem.parameters, entry.pathItemPointer, findings);
    }
    if (Array.isArray(entry.operation.parameters)) {
      checkParameterList(doc, entry.operation.parameters, entry.pointer, findings);
    }
    if (pathTemplateMatches(doc, entry.path, entry.pathItem, entry.operation)) return;
    appendAll(findings, checkPathTemplate(doc, entry, reportedUnused));
  });
  return { findings, operations };
}

/**
 * OpenAPI 3.1 made `responses` optional, so there a missing one is a warning; 2.0 and 3.0
 * require it. An empty `responses` is an error in every version ("at least one response").
 */
function checkResponses(entry: OperationEntry, version: SpecVersion | null): Finding | null {
  const responses = entry.operation.responses;
  if (responses !== undefined && !(isPlainObject(responses) && onlyExtensions(responses))) return null;
  const label = `${entry.method.toUpperCase()} ${entry.path}`;
  if (responses === undefined) {
    if (isOas31OrLater(version)) {
      return warningAt(
        'SPEC_RESPONSES_MISSING',
        entry.pointer,
        `${label} has no "responses": clients cannot tell what it returns.`,
      );
    }
    return errorAt(
      'SPEC_RESPONSES_MISSING',
      entry.pointer,
      `${label} has no "responses": declare at least one response.`,
      [{ path: entry.pointer, property: 'responses' }],
    );
  }
  if (isPlainObject(responses) && onlyExtensions(responses)) {
    const at = joinPointer(entry.pointer, 'responses');
    return errorAt(
      'SPEC_RESPONSES_EMPTY',
      at,
      `${label} has an empty "responses": declare at least one response.`,
      [{ path: at }],
    );
  }
  return null;
}

/**
 * Duplicate (name, in) pairs within the `parameters` list of `owner` (a pointer), and more than
 * one 2.0 body parameter; appends to `findings`.
 */
function checkParameterList(doc: unknown, list: unknown[], owner: string, findings: Finding[]): void {
  const at = (): string => joinPointer(owner, 'parameters');
  // Nothing is allocated and no pointer built unless there is a report: most lists are fine.
  let bodyIndex = -1;
  // Short lists (all real ones) are searched in place; a long one gets a map.
  const seen = list.length > 32 ? new Map<string, number>() : null;
  for (let index = 0; index < list.length; index++) {
    const value = resolveLocalValue(doc, list[index]);
    if (!isPlainObject(value)) continue;
    const { name, in: location } = value;
    if (typeof name !== 'string' || typeof location !== 'string') continue;
    let first = index;
    if (seen === null) first = firstParameterIndex(doc, list, index, name, location);
    else {
      const key = `${location}\u0000${name}`;
      first = seen.get(key) ?? index;
      if (first === index) seen.set(key, index);
    }
    if (first !== index) {
      findings.push(
        errorAt(
          'SPEC_PARAMETER_DUPLICATE',
          joinPointer(at(), index),
          `Parameter "${name}" in ${location} is declared twice in this list (first at ${joinPointer(at(), first)}).`,
          [{ path: at(), keyword: 'uniqueItems' }],
        ),
      );
    }
    if (location === 'body') {
      if (bodyIndex !== -1) {
        findings.push(
          errorAt(
            'SPEC_PARAMETER_BODY_DUPLICATE',
            joinPointer(at(), index),
            `Only one body parameter is allowed (first at ${joinPointer(at(), bodyIndex)}).`,
          ),
        );
      } else bodyIndex = index;
    }
  }
}

/** Every `{name}` in the path is declared as a path parameter, and every path parameter is in the path. */
function checkPathTemplate(doc: unknown, entry: OperationEntry, reportedUnused: Set<string>): Finding[] {
  const findings: Finding[] = [];
  const names = templateNames(entry.path);
  const declared = listParameters(doc, entry).filter((p) => p.in === 'path');
  const declaredNames = new Set(declared.map((p) => p.name));
  const label = `${entry.method.toUpperCase()} ${entry.path}`;
  for (const name of new Set(names)) {
    if (declaredNames.has(name)) continue;
    findings.push(
      errorAt(
        'SPEC_PATH_PARAM_UNDECLARED',
        entry.pointer,
        name === ''
          ? `Path "${entry.path}" has an empty template "{}".`
          : `Path template parameter "${name}" is not declared: ${label} needs a parameter with name "${name}" and in "path".`,
      ),
    );
  }
  const inTemplate = new Set(names);
  for (const parameter of declared) {
    if (inTemplate.has(parameter.name) || reportedUnused.has(parameter.pointer)) continue;
    reportedUnused.add(parameter.pointer);
    findings.push(
      errorAt(
        'SPEC_PATH_PARAM_UNUSED',
        parameter.pointer,
        `Path parameter "${parameter.name}" does not appear in the path "${entry.path}".`,
      ),
    );
  }
  return findings;
}
