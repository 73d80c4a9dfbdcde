import type { Expression } from '../../core/ast.js';
import { toJson } from '../../core/convert.js';
import { toScriptNumber } from '../../core/numeric.js';
import { ScriptMap, type Value, valuesEqual } from '../../core/values.js';

/** The aggregate functions of a `SELECT` (and `HAVING`). */
export const AGGREGATES: ReadonlySet<string> = new Set([
  'count',
  'count_distinct',
  'sum',
  'avg',
  'min',
  'max',
  'median',
]);

/** An aggregate call found in a `SELECT` item or `HAVING`: which function, over what. */
export interface AggregateCall {
  fn: string;
  argument?: Expression;
}

/**
 * Replaces every aggregate call of an expression (`sum(amount) / count()`) by an `aggregate`
 * extension node numbered in `found`, so the expression evaluates once per group with the
 * group's aggregates already computed.
 */
export function extractAggregates(expression: Expression, found: AggregateCall[]): Expression {
  const visit = (node: Expression): Expression => {
    switch (node.kind) {
      case 'call': {
        if (node.callee.kind === 'name' && AGGREGATES.has(node.callee.name)) {
          const argument = node.args[0];
          found.push({ fn: node.callee.name, ...(argument ? { argument } : {}) });
          return {
            kind: 'extension',
            name: 'aggregate',
            children: [],
            data: found.length - 1,
            span: node.span,
          };
        }
        return { ...node, callee: visit(node.callee), args: node.args.map(visit) };
      }
      case 'unary':
        return { ...node, operand: visit(node.operand) };
      case 'binary':
      case 'logical':
        return { ...node, left: visit(node.left), right: visit(node.right) };
      case 'list':
        return { ...node, items: node.items.map(visit) };
      case 'map':
        return { ...node, entries: node.entries.map((entry) => ({ ...entry, value: visit(entry.value) })) };
      case 'member':
        return { ...node, object: visit(node.object) };
      case 'index':
        return { ...node, object: visit(node.object), index: visit(node.index) };
      case 'extension':
        return { ...node, children: node.children.map(visit) };
      default:
        return node;
    }
  };
  return visit(expression);
}

/** The value of one aggregate over a group's values; `count` counts the non-null ones. */
export function aggregateValues(fn: string, values: Value[]): Value {
  if (fn === 'count') return values.filter((value) => value !== null).length;
  if (fn === 'count_distinct')
    return new Set(values.filter((value) => value !== null).map((value) => JSON.stringify(toJson(value))))
      .size;
  const numbers = values.filter((value): value is number => typeof value === 'number');
  if (numbers.length === 0) return fn === 'sum' ? 0 : null;
  if (fn === 'sum') return toScriptNumber(numbers.reduce((total, value) => total + value, 0));
  if (fn === 'avg')
    return toScriptNumber(numbers.reduce((total, value) => total + value, 0) / numbers.length);
  if (fn === 'median') {
    const sorted = [...numbers].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : toScriptNumber(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
  }
  return fn === 'min' ? Math.min(...numbers) : Math.max(...numbers);
}

const TYPE_ORDER = ['null', 'boolean', 'number', 'string'];

/** Orders field values: null, then booleans, numbers, strings (code-unit order); anything else last. */
export function compareFieldValues(left: Value, right: Value): number {
  const typeOf = (value: Value) => (value === null ? 'null' : typeof value);
  const [a, b] = [TYPE_ORDER.indexOf(typeOf(left)), TYPE_ORDER.indexOf(typeOf(right))];
  if (a !== b) return (a === -1 ? 99 : a) - (b === -1 ? 99 : b);
  if (typeof left === 'number' || typeof left === 'boolean' || typeof left === 'string') {
    return left < (right as typeof left) ? -1 : left > (right as typeof left) ? 1 : 0;
  }
  return 0;
}

/** A comparator of maps by `orderBy` keys. */
export function compareMaps(orderBy: readonly { field: string; direction: 'asc' | 'desc' }[]) {
  return (a: ScriptMap, b: ScriptMap): number => {
    for (const { field, direction } of orderBy) {
      const order = compareFieldValues(a.get(field) ?? null, b.get(field) ?? null);
      if (order !== 0) return direction === 'desc' ? -order : order;
    }
    return 0;
  };
}

/** The rows grouped by the values of `fields`, in the order each group first appears. */
export function groupRows(rows: readonly ScriptMap[], fields: readonly string[]): ScriptMap[][] {
  const groups = new Map<string, ScriptMap[]>();
  for (const row of rows) {
    const key = JSON.stringify(fields.map((field) => toJson(row.get(field) ?? null)));
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/** The maps without repeats (structural equality), first occurrences kept. */
export function distinctMaps(maps: readonly ScriptMap[]): ScriptMap[] {
  const kept: ScriptMap[] = [];
  for (const map of maps) if (!kept.some((other) => valuesEqual(other, map))) kept.push(map);
  return kept;
}

/** `x IN list`: list membership by structural equality, or a substring of a string. */
export function isMember(item: Value, collection: Value): boolean | undefined {
  if (Array.isArray(collection)) return collection.some((candidate) => valuesEqual(candidate, item));
  if (typeof collection === 'string' && typeof item === 'string') return collection.includes(item);
  if (collection === null) return false;
  return undefined;
}

export { ScriptMap };
