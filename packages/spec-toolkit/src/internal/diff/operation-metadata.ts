import { joinPointer } from '../json-pointer.js';
import { templateNames } from '../spec-model.js';
import { createChange, type RawChange } from './change-catalog.js';
import type { OperationMatch } from './match-operations.js';

/**
 * Deprecation, operationId, summary and description of a matched operation.
 *
 * @example
 * const changes: RawChange[] = [];
 * compareOperationMetadata(match, changes);
 */
export function compareOperationMetadata(match: OperationMatch, changes: RawChange[]): void {
  const before = match.old.operation;
  const after = match.new.operation;
  const at = match.new.pointer;
  const wasDeprecated = before.deprecated === true;
  const isDeprecated = after.deprecated === true;
  if (!wasDeprecated && isDeprecated) {
    changes.push(
      createChange(
        'operation-deprecated',
        'new',
        joinPointer(at, 'deprecated'),
        'The operation was deprecated.',
      ),
    );
  } else if (wasDeprecated && !isDeprecated) {
    changes.push(createChange('operation-reactivated', 'new', at, 'The operation is no longer deprecated.'));
  }
  // Client generators name methods after operationId, so a new one renames client code.
  if (typeof before.operationId === 'string' && before.operationId !== after.operationId) {
    const now = typeof after.operationId === 'string' ? `"${after.operationId}"` : 'nothing';
    const text = `operationId changed from "${before.operationId}" to ${now}.`;
    changes.push(createChange('operation-id-changed', 'new', joinPointer(at, 'operationId'), text));
  }
  if (readText(before.summary) !== readText(after.summary)) {
    changes.push(
      createChange('operation-summary-changed', 'new', joinPointer(at, 'summary'), 'The summary changed.'),
    );
  }
  if (readText(before.description) !== readText(after.description)) {
    const text = 'The description changed.';
    changes.push(createChange('operation-description-changed', 'new', joinPointer(at, 'description'), text));
  }
}

function readText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Reports template names that differ between two paths of the same shape, and returns the
 * old-name → new-name map used to pair their path parameters.
 *
 * @example
 * comparePathTemplates(match, changes); // Map { 'id' => 'petId' } for /pets/{id} → /pets/{petId}
 */
export function comparePathTemplates(match: OperationMatch, changes: RawChange[]): Map<string, string> {
  const renames = new Map<string, string>();
  if (match.old.path === match.new.path) return renames;
  const oldNames = templateNames(match.old.path);
  const newNames = templateNames(match.new.path);
  oldNames.forEach((name, index) => {
    const now = newNames[index];
    if (now === undefined || now === name) return;
    renames.set(name, now);
    const text = `Path parameter "${name}" was renamed to "${now}" (${match.old.path} → ${match.new.path}).`;
    changes.push(createChange('path-parameter-renamed', 'new', joinPointer('/paths', match.new.path), text));
  });
  return renames;
}
