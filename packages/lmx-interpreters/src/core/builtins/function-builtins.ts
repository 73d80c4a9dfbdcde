import { callValue } from '../call-value.js';
import type { RunContext } from '../run-context.js';
import { isTruthy, type NativeFunction, type ScriptCallable, ScriptFunction, type Value } from '../values.js';
import { expectFunction, expectList } from './arguments.js';
import { defineBuiltin } from './builtin-registry.js';
import { compareValues, sortStably, toOrder } from './sort-order.js';

/**
 * Builtins that take a function (a lambda `x => x * 2`, `fn (x) … end`, a script `fn` or a
 * builtin such as `len`): `map`, `filter`, `reduce`, `find`, `any`, `all`, `sort` (with a key
 * or a comparator) and `sort_by`. A callback of two parameters given to `map`, `filter`,
 * `find`, `any` or `all` also gets the item's index. Callbacks spend steps like any call.
 *
 * @example
 * ```ts
 * createBuiltinRegistry(FUNCTION_BUILTINS).get('sort_by');
 * ```
 */
export const FUNCTION_BUILTINS: readonly NativeFunction[] = [
  defineBuiltin('map', [2, 2], ([list, fn], context) => {
    const items = expectList(list, 'map');
    const callback = expectFunction(fn, 'map', 2);
    return items.map((item, index) => callItem(callback, item, index, context));
  }),
  defineBuiltin('filter', [2, 2], ([list, fn], context) => {
    const items = expectList(list, 'filter');
    const callback = expectFunction(fn, 'filter', 2);
    return items.filter((item, index) => isTruthy(callItem(callback, item, index, context)));
  }),
  defineBuiltin('reduce', [3, 3], ([list, fn, start], context) => {
    const items = expectList(list, 'reduce');
    const callback = expectFunction(fn, 'reduce', 2);
    let total: Value = start ?? null;
    for (const item of items) total = callValue(callback, [total, item], undefined, context);
    return total;
  }),
  defineBuiltin('find', [2, 2], ([list, fn], context) => {
    const items = expectList(list, 'find');
    const callback = expectFunction(fn, 'find', 2);
    for (let index = 0; index < items.length; index++) {
      const item = items[index] as Value;
      if (isTruthy(callItem(callback, item, index, context))) return item;
    }
    return null;
  }),
  defineBuiltin('any', [2, 2], ([list, fn], context) => {
    const callback = expectFunction(fn, 'any', 2);
    return expectList(list, 'any').some((item, index) => isTruthy(callItem(callback, item, index, context)));
  }),
  defineBuiltin('all', [2, 2], ([list, fn], context) => {
    const callback = expectFunction(fn, 'all', 2);
    return expectList(list, 'all').every((item, index) => isTruthy(callItem(callback, item, index, context)));
  }),
  defineBuiltin('sort', [1, 2], ([list, fn], context) => {
    const items = expectList(list, 'sort');
    if (fn === undefined) return sortStably(items, (left, right) => compareValues(left, right), context);
    const callback = expectFunction(fn, 'sort', 2);
    return isComparator(callback) ? sortWith(items, callback, context) : sortByKey(items, callback, context);
  }),
  defineBuiltin('sort_by', [2, 2], ([list, fn], context) =>
    sortByKey(expectList(list, 'sort_by'), expectFunction(fn, 'sort_by', 2), context),
  ),
];

/** Calls a per-item callback with the item, and its index when it takes two parameters. */
function callItem(callback: ScriptCallable, item: Value, index: number, context: RunContext): Value {
  const args = takesTwo(callback) ? [item, index] : [item];
  return callValue(callback, args, undefined, context);
}

function takesTwo(callback: ScriptCallable): boolean {
  return callback instanceof ScriptFunction ? callback.arity === 2 : callback.minArgs === 2;
}

/** A function of two parameters orders items directly; one of one parameter gives a key. */
function isComparator(callback: ScriptCallable): boolean {
  return takesTwo(callback);
}

/** Sorts by a key computed once per item (as Python's `sorted(key=…)`), stably. */
function sortByKey(items: readonly Value[], key: ScriptCallable, context: RunContext): Value[] {
  const keyed = items.map((item): Value => [callValue(key, [item], undefined, context), item]);
  return sortStably(
    keyed,
    (left, right) => compareValues((left as Value[])[0] as Value, (right as Value[])[0] as Value),
    context,
  ).map((pair) => (pair as Value[])[1] as Value);
}

/** Sorts with a comparator returning a number, or a boolean meaning "left comes first". */
function sortWith(items: readonly Value[], compare: ScriptCallable, context: RunContext): Value[] {
  return sortStably(
    items,
    (left, right) => {
      const answer = callValue(compare, [left, right], undefined, context);
      if (typeof answer !== 'boolean') return toOrder(answer, 'sort');
      if (answer) return -1;
      // false: "left does not come first" may mean equal; ask the other way to keep the sort stable.
      return callValue(compare, [right, left], undefined, context) === true ? 1 : 0;
    },
    context,
  );
}
