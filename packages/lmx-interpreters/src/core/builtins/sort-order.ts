import { ScriptFault } from '../../errors.js';
import type { RunContext } from '../run-context.js';
import { isOpaque, typeOfValue, type Value } from '../values.js';

/**
 * The natural order of sortable values: numbers numerically, strings by code point order,
 * lists element by element (so pairs sort by their first item, then their second), opaque
 * values of one type that define `compare` (a language's quantities, dates). Other
 * values, or a number against a string, cannot be ordered: `E_RUNTIME` naming both types.
 *
 * @example
 * ```ts
 * compareValues([1, 'b'], [1, 'a']); // 1
 * ```
 */
export function compareValues(left: Value, right: Value, depth = 0): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  if (Array.isArray(left) && Array.isArray(right) && depth < 32) {
    const shared = Math.min(left.length, right.length);
    for (let index = 0; index < shared; index++) {
      const order = compareValues(left[index] as Value, right[index] as Value, depth + 1);
      if (order !== 0) return order;
    }
    return left.length - right.length;
  }
  if (isOpaque(left) && isOpaque(right) && left.type === right.type) {
    const order = left.compare?.(right);
    if (order !== undefined) return order;
  }
  throw new ScriptFault(
    'E_RUNTIME',
    `cannot order ${typeOfValue(left)} against ${typeOfValue(right)} (sort orders numbers, strings and lists of them; give sort a key or a comparator)`,
  );
}

/**
 * Sorts a copy stably by `order`, within the sort limit, spending about n·log n steps.
 *
 * @example
 * ```ts
 * sortStably(items, compareValues, context);
 * ```
 */
export function sortStably(
  items: readonly Value[],
  order: (left: Value, right: Value) => number,
  context: RunContext,
): Value[] {
  if (items.length > context.limits.sortSize) {
    throw new ScriptFault('E_LIMIT_SORT', `cannot sort more than ${context.limits.sortSize} items`);
  }
  context.spend(items.length * Math.max(1, Math.ceil(Math.log2(items.length + 1))));
  return [...items].sort(order);
}

/**
 * Turns a comparator's answer into an order: a number (negative: left first), or a boolean
 * (`true`: left comes first, as `(a, b) => a.price < b.price` reads).
 *
 * @example
 * ```ts
 * toOrder(-3); // -3
 * ```
 */
export function toOrder(answer: Value, name: string): number {
  if (typeof answer === 'number') return answer;
  if (answer === true) return -1;
  if (answer === false) return 1;
  throw new ScriptFault(
    'E_RUNTIME',
    `${name} comparator must return a number or a boolean but returned ${typeOfValue(answer)}`,
  );
}
