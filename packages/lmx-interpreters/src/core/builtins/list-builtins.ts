import { ScriptFault } from '../../errors.js';
import type { RunContext } from '../run-context.js';
import { type NativeFunction, ScriptMap, typeOfValue, type Value, valuesEqual } from '../values.js';
import { expectInteger, expectList, expectMap, expectNumber, expectString } from './arguments.js';
import { defineBuiltin } from './builtin-registry.js';
import { codePointLength, indexOfCodePoints } from './code-points.js';
import { compareValues, sortStably } from './sort-order.js';

/**
 * List and map builtins: `len` (strings by code point), `index_of`, `push`, `pop`, `range`,
 * `reverse`, `keys`, `values`, `has`, `delete` (a map key; returns its value or null), and
 * `error(message)`, which fails the run (or lands in lmx's `catch`) with `E_RUNTIME`.
 * `range` respects the list limit. (`sort`, `map`, `filter`, `reduce` are in
 * `FUNCTION_BUILTINS`.)
 *
 * @example
 * ```ts
 * createBuiltinRegistry(LIST_BUILTINS).get('range');
 * ```
 */
export const LIST_BUILTINS: readonly NativeFunction[] = [
  defineBuiltin('len', [1, 1], ([value]) => {
    if (typeof value === 'string') return codePointLength(value);
    if (Array.isArray(value)) return value.length;
    if (value instanceof ScriptMap) return value.size;
    throw new ScriptFault(
      'E_RUNTIME',
      `len expects a string, list or map as argument 1 but got ${typeOfValue(value ?? null)}`,
    );
  }),
  defineBuiltin('index_of', [2, 2], ([haystack, needle]) => {
    if (Array.isArray(haystack)) return haystack.findIndex((item) => valuesEqual(item, needle ?? null));
    if (typeof haystack === 'string') return indexOfCodePoints(haystack, expectString(needle, 'index_of', 2));
    throw new ScriptFault(
      'E_RUNTIME',
      `index_of expects a list or a string as argument 1 but got ${typeOfValue(haystack ?? null)}`,
    );
  }),
  defineBuiltin('delete', [2, 2], ([map, key]) => {
    const target = expectMap(map, 'delete');
    const name = expectString(key, 'delete', 2);
    const old = target.get(name);
    target.entries.delete(name);
    return old ?? null;
  }),
  defineBuiltin('error', [1, 1], ([message], context) => {
    throw new ScriptFault('E_RUNTIME', context.format(message ?? null));
  }),
  defineBuiltin('push', [2, 2], ([list, item], context) => {
    const items = expectList(list, 'push');
    context.checkListSize(items.length + 1);
    items.push(item ?? null);
    return items;
  }),
  defineBuiltin('pop', [1, 1], ([list]) => expectList(list, 'pop').pop() ?? null),
  defineBuiltin('range', [1, 3], (args, context) => buildRange(args, context)),
  defineBuiltin('reverse', [1, 1], ([list]) => [...expectList(list, 'reverse')].reverse()),
  defineBuiltin('keys', [1, 1], ([map]) => [...expectMap(map, 'keys').entries.keys()]),
  defineBuiltin('values', [1, 1], ([map]) => [...expectMap(map, 'values').entries.values()]),
  defineBuiltin('has', [2, 2], ([map, key]) =>
    typeof key === 'string' ? expectMap(map, 'has').has(key) : false,
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
 * Sorts a copy: numbers numerically, strings by code point, lists item by item; mixing
 * them is an error.
 *
 * @example
 * ```ts
 * sortValues([3, 1, 2], context); // [1, 2, 3]
 * ```
 */
export function sortValues(items: readonly Value[], context: RunContext): Value[] {
  return sortStably(items, (left, right) => compareValues(left, right), context);
}

/** `expectInteger` re-exported for languages that build list builtins. */
export { expectInteger };
