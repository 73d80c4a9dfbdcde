import { appendAll } from '../append-all.js';
import { listOperations } from '../spec-model.js';
import { type Change, type ChangeLevel, createChange, type RawChange } from './change-catalog.js';
import { compareOperationKeys, matchOperations, operationKey } from './match-operations.js';
import { compareOperation, type DiffSession } from './operation-compare.js';
import { createSchemaComparer } from './schema-compare.js';
import type { SpecSide } from './side-views.js';

/** The comparison of two readable documents, every list in its final order. */
export interface DiffOutcome {
  added: string[];
  removed: string[];
  changed: { operation: string; changes: Change[] }[];
  /** Every change, grouped by operation key order. */
  changes: Change[];
}

const LEVEL_RANK: Readonly<Record<ChangeLevel, number>> = { error: 0, warning: 1, info: 2 };

/**
 * Pairs the operations of two documents and compares each pair.
 *
 * @example
 * const { added, removed, changed, changes } = runDiff(oldSide, newSide);
 */
export function runDiff(old: SpecSide, now: SpecSide): DiffOutcome {
  const session: DiffSession = {
    old,
    new: now,
    schemas: createSchemaComparer({ old: old.reader, new: now.reader }),
  };
  const { matched, added, removed } = matchOperations(listOperations(old.doc), listOperations(now.doc));
  const groups: { operation: string; changes: Change[] }[] = [];
  for (const entry of removed) {
    const key = operationKey(entry);
    const wasDeprecated = entry.operation.deprecated === true ? ' (it was deprecated)' : '';
    const change = createChange(
      'operation-removed',
      'old',
      entry.pointer,
      `Operation ${key} was removed${wasDeprecated}.`,
    );
    groups.push({ operation: key, changes: [attach(change, key)] });
  }
  for (const entry of added) {
    const key = operationKey(entry);
    const change = createChange('operation-added', 'new', entry.pointer, `Operation ${key} was added.`);
    groups.push({ operation: key, changes: [attach(change, key)] });
  }
  appendAll(groups, compareWebhooks(old, now));
  const changed: DiffOutcome['changed'] = [];
  for (const match of matched) {
    const key = operationKey(match.new);
    const changes = finishChanges(compareOperation(session, match), key);
    if (changes.length > 0) changed.push({ operation: key, changes });
  }
  const byOperation = (a: { operation: string }, b: { operation: string }) =>
    compareOperationKeys(a.operation, b.operation);
  changed.sort(byOperation);
  const all = [...groups, ...changed].sort(byOperation).flatMap((group) => group.changes);
  return {
    added: added.map(operationKey).sort(compareOperationKeys),
    removed: removed.map(operationKey).sort(compareOperationKeys),
    changed,
    changes: all,
  };
}

/**
 * OpenAPI 3.1+ webhooks, matched by name and method: one removed breaks consumers that handle
 * it, one added is safe. Grouped as `WEBHOOK name METHOD`; their payloads are not compared.
 */
function compareWebhooks(old: SpecSide, now: SpecSide): { operation: string; changes: Change[] }[] {
  const keyOf = (entry: { path: string; method: string }) =>
    `WEBHOOK ${entry.path} ${entry.method.toUpperCase()}`;
  const before = new Map(listOperations(old.doc, 'webhooks').map((entry) => [keyOf(entry), entry]));
  const after = new Map(listOperations(now.doc, 'webhooks').map((entry) => [keyOf(entry), entry]));
  const groups: { operation: string; changes: Change[] }[] = [];
  for (const [key, entry] of before) {
    if (after.has(key)) continue;
    const change = createChange(
      'webhook-removed',
      'old',
      entry.pointer,
      `Webhook "${entry.path}" (${entry.method.toUpperCase()}) was removed.`,
    );
    groups.push({ operation: key, changes: [attach(change, key)] });
  }
  for (const [key, entry] of after) {
    if (before.has(key)) continue;
    const change = createChange(
      'webhook-added',
      'new',
      entry.pointer,
      `Webhook "${entry.path}" (${entry.method.toUpperCase()}) was added.`,
    );
    groups.push({ operation: key, changes: [attach(change, key)] });
  }
  return groups;
}

/** Drops repeats (a shared schema reached twice) and orders: errors first, then by place, id, message. */
function finishChanges(raw: RawChange[], operation: string): Change[] {
  const seen = new Set<string>();
  const out: Change[] = [];
  for (const change of raw) {
    const identity = `${change.id}\u0000${change.side}\u0000${change.location}\u0000${change.message}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    out.push(attach(change, operation));
  }
  return out.sort(compareChanges);
}

function attach(change: RawChange, operation: string): Change {
  return {
    id: change.id,
    level: change.level,
    operation,
    location: change.location,
    side: change.side,
    message: change.message,
  };
}

function compareChanges(a: Change, b: Change): number {
  return (
    LEVEL_RANK[a.level] - LEVEL_RANK[b.level] ||
    compareText(a.location, b.location) ||
    compareText(a.id, b.id) ||
    compareText(a.side, b.side) ||
    compareText(a.message, b.message)
  );
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
