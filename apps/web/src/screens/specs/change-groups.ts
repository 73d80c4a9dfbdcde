import type { SpecChange } from './spec-types';

/** The changes of one operation, or of the document itself (`operation` null). */
export interface ChangeGroup {
  operation: string | null;
  changes: SpecChange[];
  breaking: number;
  warnings: number;
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

function worst(group: ChangeGroup): number {
  return Math.min(...group.changes.map((change) => RANK[change.level]));
}

/**
 * Groups a diff's changes by operation (`METHOD /path`), breaking first within and across groups:
 * groups with a breaking change, then with a warning, then the rest, each keeping the toolkit's
 * operation order; changes tied to no operation (info, components) form one group of their own,
 * placed by the same rule.
 *
 * @example
 * groupChanges(result.changes)[0]; // { operation: 'DELETE /pets/{id}', breaking: 1, … }
 */
export function groupChanges(changes: readonly SpecChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes) {
    const operation = change.operation?.trim() ? change.operation : null;
    const key = operation ?? '';
    let group = groups.get(key);
    if (!group) {
      group = { operation, changes: [], breaking: 0, warnings: 0 };
      groups.set(key, group);
    }
    group.changes.push(change);
    if (change.level === 'error') group.breaking += 1;
    if (change.level === 'warning') group.warnings += 1;
  }
  const ordered = [...groups.values()];
  for (const group of ordered) group.changes.sort((a, b) => RANK[a.level] - RANK[b.level]);
  // Array.prototype.sort is stable, so equal ranks keep the toolkit's order.
  return ordered.sort((a, b) => worst(a) - worst(b));
}
