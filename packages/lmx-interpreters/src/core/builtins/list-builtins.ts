import { ScriptFault } from '../../errors.js';
import { callValue } from '../compile-expression.js';
import type { RunContext } from '../run-context.js';
import { isTruthy, type NativeFunction, ScriptMap, typeOfValue, type Value } from '../values.js';
import { expectInteger, expectList, expectMap, expectNumber } from './arguments.js';
import { defineBuiltin } from './builtin-registry.js';

const NO_SPAN = { line: 0, column: 0, endLine: 0, endColumn: 0 };

/**
 * List and map builtins: `len`, `push`, `pop`, `range`, `sort`, `reverse`, `keys`,
 * `values`, `has`, `map`, `filter`, `reduce`. `range` respects the list limit and `sort`
 * the sort limit; callbacks spend steps like any call.
 *
 * @example
 * ```ts
 * createBuiltinRegistry(LIST_BUILTINS).get('range');
 * ```
 */
export const LIST_BUILTINS: readonly NativeFunction[] = [
  defineBuiltin('len', [1, 1], ([value]) => {
    if (typeof value === 'string' || Array.isArray(value)) return value.length;
    if (value instanceof ScriptMap) return value.size;
    throw new ScriptFault(
      'E_RUNTIME',
      `len expects a string, list or map but got ${typeOfValue(value ?? null)}`,
    );
  }),
  defineBuiltin('push', [2, 2], ([list, item], context) => {
    const items = expectList(list, 'push');
    context.checkListSize(items.length + 1);
    items.push(item ?? null);
    return items;
  }),
  defineBuiltin('pop', [1, 1], ([list]) => expectList(list, 'pop').pop() ?? null),
  defineBuiltin('range', [1, 3], (args, context) => buildRange(args, context)),
  defineBuiltin('sort', [1, 1], ([list], context) => sortValues(expectList(list, 'sort'), context)),
  defineBuiltin('reverse', [1, 1], ([list]) => [...expectList(list, 'reverse')].reverse()),
  defineBuiltin('keys', [1, 1], ([map]) => [...expectMap(map, 'keys').entries.keys()]),
  defineBuiltin('values', [1, 1], ([map]) => [...expectMap(map, 'values').entries.values()]),
  defineBuiltin('has', [2, 2], ([map, key]) =>
    typeof key === 'string' ? expectMap(map, 'has').has(key) : false,
  ),
  defineBuiltin('map', [2, 2], ([list, fn], context) =>
    expectList(list, 'map').map((item) => callValue(fn ?? null, [item], NO_SPAN, context)),
  ),
  defineBuiltin('filter', [2, 2], ([list, fn], context) =>
    expectList(list, 'filter').filter((item) => isTruthy(callValue(fn ?? null, [item], NO_SPAN, context))),
  ),
  defineBuiltin('reduce', [3, 3], ([list, fn, start], context) =>
    expectList(list, 'reduce').reduce<Value>(
      (total, item) => callValue(fn ?? null, [total, item], NO_SPAN, context),
      start ?? null,
    ),
  ),
];

function buildRange(args: readonly Value[], context: RunContext): Value[] {
  const [first, second, third] = args;
  const start = second === undefined ? 0 : expectNumber(first, 'range');
  const end = second === undefined ? expectNumber(first, 'range') : expectNumber(second, 'range', 2);
  const step = third === undefined ? 1 : expectNumber(third, 'range', 3);
  if (step === 0) throw new ScriptFault('E_RUNTIME', 'range step must not be 0');
  const count = Math.max(0, Math.ceil((end - start) / step));
  context.checkListSize(count);
  context.spend(count);
  const items: number[] = new Array(count);
  for (let index = 0; index < count; index++) items[index] = start + index * step;
  return items;
}

/**
 * Sorts a copy: numbers numerically, strings by code unit; mixing them is an error.
 *
 * @example
 * ```ts
 * sortValues([3, 1, 2], context); // [1, 2, 3]
 * ```
 */
export function sortValues(items: readonly Value[], context: RunContext): Value[] {
  if (items.length > context.limits.sortSize) {
    throw new ScriptFault('E_LIMIT_SORT', `cannot sort more than ${context.limits.sortSize} items`);
  }
  context.spend(items.length);
  const kind = typeof items[0];
  if (
    !items.every((item) => typeof item === kind) ||
    (kind !== 'number' && kind !== 'string' && items.length > 0)
  ) {
    throw new ScriptFault('E_RUNTIME', 'sort expects a list of only numbers or only strings');
  }
  if (kind === 'number') return [...(items as number[])].sort((a, b) => a - b);
  return [...(items as string[])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `expectInteger` re-exported for languages that build list builtins. */
export { expectInteger };
