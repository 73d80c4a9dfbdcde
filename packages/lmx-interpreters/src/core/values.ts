import type { Span } from '../diagnostics.js';
import type { BridgeName } from '../ports/bridge-name.js';
import type { BridgeCaller } from './bridge-caller.js';
import type { ScriptLimits } from './limits.js';

/**
 * The state of one run as every callable sees it: the step budget, call depth, output and
 * limits (implemented by `RunContext` in `run-context.ts`; declared here, beside the values
 * whose functions take it, so the two modules never import each other). Languages call
 * `step()` in every loop iteration and call, `print()` for output, and the `check…` helpers
 * whenever they build strings or lists.
 */
export interface CallContext {
  readonly mode: string;
  readonly limits: ScriptLimits;
  readonly input: Value;
  readonly bridges: BridgeCaller | undefined;
  readonly output: string[];
  /** Steps left; below zero the run ends with `E_LIMIT_STEPS` (see `failSteps`). */
  stepsLeft: number;
  /** Current nesting of script function calls. */
  depth: number;
  /** When the run started (`performance.now()`), for timers that must stay inside `limits.timeMs`. */
  readonly startedAt: number;
  /** Steps used so far. */
  readonly stepsUsed: number;
  /** Spends one step (a loop iteration or a call). */
  step(span?: Span): void;
  /** Spends several steps at once (a builtin that loops in the host, such as `sort`). */
  spend(count: number, span?: Span): void;
  /** Refills `stepsLeft` from the reserve after it went below zero, or fails with `E_LIMIT_STEPS`. */
  failSteps(span?: Span): void;
  /** Appends one output line, enforcing the output limits. */
  print(line: string, span?: Span): void;
  /** Hands the lines printed since the last flush to the output listener. */
  flushOutput(): void;
  /** Returns the string, or fails when it is longer than the string limit. */
  checkString(text: string, span?: Span): string;
  /** Fails when a string of `length` characters would exceed the string limit. */
  checkStringLength(length: number, span?: Span): void;
  /** Formats a value the way `print` shows it, within the string limit. */
  format(value: Value, span?: Span): string;
  /** Formats the values of one `print a, b` line, separated by spaces, within the string limit. */
  formatLine(values: readonly Value[], span?: Span): string;
  /** Fails when a list or map of `size` items would exceed the list limit. */
  checkListSize(size: number, span?: Span): void;
  /** Enters a script function call, enforcing the depth limit. Pair with `leave()`. */
  enter(span?: Span): void;
  leave(): void;
  /** Calls a host bridge, or fails with `E_BRIDGE_MISSING` naming it when it is absent. */
  callBridge(bridge: BridgeName, method: string, args: unknown, span?: Span): unknown;
}

type RunContext = CallContext;

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
 * A function defined by a script. `invoke` runs its compiled body in a new frame; it may
 * use the `args` array it is given as that frame's slots.
 */
export class ScriptFunction {
  constructor(
    readonly name: string,
    readonly arity: number,
    readonly invoke: (args: Value[], context: RunContext) => Value,
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
  /**
   * Order against another opaque value of the same type (negative: this first), so `sort`
   * and `sort_by` can order it; undefined when the two cannot be ordered (metres and kg).
   */
  compare?(other: OpaqueValue): number | undefined;
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
