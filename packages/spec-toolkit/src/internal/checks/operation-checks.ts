import type { SpecVersion } from '../../types.js';
import { isPlainObject, joinPointer } from '../json-pointer.js';
import {
  isOas31OrLater,
  listOperations,
  listParameters,
  type OperationEntry,
  resolveLocal,
  templateNames,
} from '../spec-model.js';
import { errorAt, type Finding, warningAt } from './finding.js';

/** Responses, operationIds, path template parameters and duplicate parameters, per operation. */
export function checkOperations(doc: Record<string, unknown>, version: SpecVersion | null): Finding[] {
  const findings: Finding[] = [];
  const operationIds = new Map<string, string>();
  const seenOperations = new Set<string>();
  const checkedLists = new Set<string>();
  const reportedUnused = new Set<string>();
  for (const entry of listOperations(doc)) {
    // A path item reached twice through `$ref` holds the same operations: check them once.
    if (seenOperations.has(entry.pointer)) continue;
    seenOperations.add(entry.pointer);
    findings.push(...checkResponses(entry, version));
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
    for (const [list, at] of [
      [entry.pathItem.parameters, joinPointer(entry.pathItemPointer, 'parameters')],
      [entry.operation.parameters, joinPointer(entry.pointer, 'parameters')],
    ] as const) {
      if (checkedLists.has(at)) continue;
      checkedLists.add(at);
      findings.push(...checkParameterList(doc, list, at));
    }
    findings.push(...checkPathTemplate(doc, entry, reportedUnused));
  }
  return findings;
}

/**
 * OpenAPI 3.1 made `responses` optional, so there a missing one is a warning; 2.0 and 3.0
 * require it. An empty `responses` is an error in every version ("at least one response").
 */
function checkResponses(entry: OperationEntry, version: SpecVersion | null): Finding[] {
  const label = `${entry.method.toUpperCase()} ${entry.path}`;
  const responses = entry.operation.responses;
  if (responses === undefined) {
    if (isOas31OrLater(version)) {
      return [
        warningAt(
          'SPEC_RESPONSES_MISSING',
          entry.pointer,
          `${label} has no "responses": clients cannot tell what it returns.`,
        ),
      ];
    }
    return [
      errorAt(
        'SPEC_RESPONSES_MISSING',
        entry.pointer,
        `${label} has no "responses": declare at least one response.`,
        [{ path: entry.pointer, property: 'responses' }],
      ),
    ];
  }
  if (isPlainObject(responses) && Object.keys(responses).every((key) => key.startsWith('x-'))) {
    const at = joinPointer(entry.pointer, 'responses');
    return [
      errorAt(
        'SPEC_RESPONSES_EMPTY',
        at,
        `${label} has an empty "responses": declare at least one response.`,
        [{ path: at }],
      ),
    ];
  }
  return [];
}

/** Duplicate (name, in) pairs within one list, and more than one 2.0 body parameter. */
function checkParameterList(doc: unknown, list: unknown, at: string): Finding[] {
  if (!Array.isArray(list)) return [];
  const findings: Finding[] = [];
  const seen = new Map<string, string>();
  let bodyAt: string | undefined;
  list.forEach((raw, index) => {
    const pointer = joinPointer(at, index);
    const resolved = resolveLocal(doc, raw, pointer);
    if (!resolved || !isPlainObject(resolved.value)) return;
    const { name, in: location } = resolved.value;
    if (typeof name !== 'string' || typeof location !== 'string') return;
    const key = `${location}\u0000${name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      findings.push(
        errorAt(
          'SPEC_PARAMETER_DUPLICATE',
          pointer,
          `Parameter "${name}" in ${location} is declared twice in this list (first at ${first}).`,
          [{ path: at, keyword: 'uniqueItems' }],
        ),
      );
    } else seen.set(key, pointer);
    if (location === 'body') {
      if (bodyAt !== undefined) {
        findings.push(
          errorAt(
            'SPEC_PARAMETER_BODY_DUPLICATE',
            pointer,
            `Only one body parameter is allowed (first at ${bodyAt}).`,
          ),
        );
      } else bodyAt = pointer;
    }
  });
  return findings;
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
