import type { RunContext } from './run-context.js';

/**
 * A value a script can hold. Lists are arrays of values; maps are {@link ScriptMap}s
 * (Map-backed, so `__proto__` or `constructor` are ordinary keys); callables are
 * {@link ScriptFunction}s or {@link NativeFunction}s; languages may add {@link OpaqueValue}s
 * (a quantity, a date). No other host object ever reaches a script.
 */
export type Value = null | boolean | number | string | Value[] | ScriptMap | ScriptCallable | OpaqueValue;

/** A function a script can call. */
export type ScriptCallable = ScriptFunction | NativeFunction;

/**
 * A script map: string keys in insertion order. Field access never reaches JavaScript
 * properties, so `m.constructor` is just the `constructor` key (or null).
 *
 * @example
 * ```ts
 * const map = new ScriptMap([['__proto__', 1]]);
 * map.get('__proto__'); // 1
 * ```
 */
export class ScriptMap {
  readonly entries: Map<string, Value>;

  constructor(entries?: Iterable<readonly [string, Value]>) {
    this.entries = new Map(entries);
  }

  get(key: string): Value | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: Value): void {
    this.entries.set(key, value);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A function defined by a script. `invoke` runs its compiled body in a new frame.
 */
export class ScriptFunction {
  constructor(
    readonly name: string,
    readonly arity: number,
    readonly invoke: (args: readonly Value[], context: RunContext) => Value,
  ) {}
}

/**
 * A builtin function. `call` gets evaluated arguments and the run context and returns a
 * value, or throws a `ScriptFault` for a script error.
 */
export class NativeFunction {
  constructor(
    readonly name: string,
    readonly minArgs: number,
    readonly maxArgs: number,
    readonly call: (args: readonly Value[], context: RunContext) => Value,
  ) {}
}

/**
 * A language-specific value (a quantity with a unit, a date). `type` names it for messages
 * and `type()`; `format` prints it; `toJson` gives its JSON form in run results.
 */
export interface OpaqueValue {
  readonly opaque: true;
  readonly type: string;
  format(): string;
  toJson(): unknown;
  /** Equality with another opaque value of the same type. */
  equals?(other: OpaqueValue): boolean;
}

/**
 * Tells whether a value is a language-specific {@link OpaqueValue}.
 *
 * @example
 * ```ts
 * if (isOpaque(value) && value.type === 'quantity') … ;
 * ```
 */
export function isOpaque(value: Value): value is OpaqueValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as OpaqueValue).opaque === true
  );
}

/**
 * The script-visible type name of a value.
 *
 * @example
 * ```ts
 * typeOfValue([1]); // 'list'
 * ```
 */
export function typeOfValue(value: Value): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
  }
  if (Array.isArray(value)) return 'list';
  if (value instanceof ScriptMap) return 'map';
  if (value instanceof ScriptFunction || value instanceof NativeFunction) return 'function';
  return value.type;
}

/**
 * Truthiness used by conditions: `false`, `null`, `0` and `""` are false; everything else
 * (including empty lists and maps) is true.
 *
 * @example
 * ```ts
 * isTruthy(''); // false
 * ```
 */
export function isTruthy(value: Value): boolean {
  return !(value === false || value === null || value === 0 || value === '');
}

/**
 * Structural equality: numbers and strings by value, lists and maps element by element,
 * functions by identity.
 *
 * @example
 * ```ts
 * valuesEqual([1, 2], [1, 2]); // true
 * ```
 */
export function valuesEqual(left: Value, right: Value, depth = 0): boolean {
  if (left === right) return true;
  if (depth > 64) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) {
      if (!valuesEqual(left[index] as Value, right[index] as Value, depth + 1)) return false;
    }
    return true;
  }
  if (left instanceof ScriptMap) {
    if (!(right instanceof ScriptMap) || left.size !== right.size) return false;
    for (const [key, value] of left.entries) {
      const other = right.get(key);
      if (other === undefined || !valuesEqual(value, other, depth + 1)) return false;
    }
    return true;
  }
  if (left !== null && right !== null && isOpaque(left) && isOpaque(right) && left.type === right.type) {
    return left.equals?.(right) ?? false;
  }
  return false;
}
