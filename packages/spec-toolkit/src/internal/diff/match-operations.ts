import type { OperationEntry } from '../spec-model.js';

/** An operation present on both sides. */
export interface OperationMatch {
  old: OperationEntry;
  new: OperationEntry;
}

/** The operations of two documents paired up. */
export interface OperationMatching {
  matched: OperationMatch[];
  added: OperationEntry[];
  removed: OperationEntry[];
}

/**
 * `GET /pets/{id}`: the upper-case method, a space, the path as written.
 *
 * @example
 * operationKey(entry); // 'GET /pets/{id}'
 */
export function operationKey(entry: OperationEntry): string {
  return `${entry.method.toUpperCase()} ${entry.path}`;
}

/**
 * Orders operation keys by path, then method, with plain code-unit comparison (no locale).
 *
 * @example
 * ['POST /a', 'GET /a', 'GET /B'].sort(compareOperationKeys); // ['GET /B', 'GET /a', 'POST /a']
 */
export function compareOperationKeys(a: string, b: string): number {
  const [methodA = '', pathA = ''] = splitKey(a);
  const [methodB = '', pathB = ''] = splitKey(b);
  if (pathA !== pathB) return pathA < pathB ? -1 : 1;
  if (methodA !== methodB) return methodA < methodB ? -1 : 1;
  return 0;
}

function splitKey(key: string): [string, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/** The path with template names blanked: `/pets/{id}` and `/pets/{petId}` are one shape. */
function shapeKey(entry: OperationEntry): string {
  return `${entry.method} ${entry.path.replace(/\{[^{}]*\}/g, '{}')}`;
}

/**
 * Pairs operations by method and path; what is left is paired by path shape, so renaming a
 * template parameter does not read as a removal plus an addition.
 *
 * @example
 * const { matched, added, removed } = matchOperations(listOperations(oldDoc), listOperations(newDoc));
 */
export function matchOperations(oldOps: OperationEntry[], newOps: OperationEntry[]): OperationMatching {
  const byKey = (list: OperationEntry[]) =>
    [...list].sort((a, b) => compareOperationKeys(operationKey(a), operationKey(b)));
  const newByKey = new Map(newOps.map((entry) => [operationKey(entry), entry]));
  const matched: OperationMatch[] = [];
  const oldLeft: OperationEntry[] = [];
  for (const entry of byKey(oldOps)) {
    const partner = newByKey.get(operationKey(entry));
    if (partner) {
      matched.push({ old: entry, new: partner });
      newByKey.delete(operationKey(entry));
    } else {
      oldLeft.push(entry);
    }
  }
  const newByShape = new Map<string, OperationEntry[]>();
  for (const entry of byKey([...newByKey.values()])) {
    const shape = shapeKey(entry);
    newByShape.set(shape, [...(newByShape.get(shape) ?? []), entry]);
  }
  const removed: OperationEntry[] = [];
  for (const entry of oldLeft) {
    const partner = newByShape.get(shapeKey(entry))?.shift();
    if (partner) {
      matched.push({ old: entry, new: partner });
      newByKey.delete(operationKey(partner));
    } else {
      removed.push(entry);
    }
  }
  return { matched, added: byKey([...newByKey.values()]), removed };
}
