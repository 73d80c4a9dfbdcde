import type { RunContext } from '../run-context.js';
import { NativeFunction, type Value } from '../values.js';

/** The builtins a language offers, by name. Names are case-sensitive. */
export type BuiltinRegistry = ReadonlyMap<string, NativeFunction>;

/**
 * Defines one builtin: its name, how many arguments it takes and what it does. `call`
 * throws a `ScriptFault` for a script error; the call site adds the position.
 *
 * @example
 * ```ts
 * const double = defineBuiltin('double', [1, 1], ([x]) => expectNumber(x, 'double') * 2);
 * ```
 */
export function defineBuiltin(
  name: string,
  arity: readonly [min: number, max: number],
  call: (args: readonly Value[], context: RunContext) => Value,
): NativeFunction {
  return new NativeFunction(name, arity[0], arity[1], call);
}

/**
 * Builds a registry from groups of builtins; a later group's entry replaces an earlier one
 * of the same name, so a language can override a shared builtin.
 *
 * @example
 * ```ts
 * const builtins = createBuiltinRegistry(CORE_BUILTINS, [double]);
 * ```
 */
export function createBuiltinRegistry(...groups: readonly (readonly NativeFunction[])[]): BuiltinRegistry {
  const registry = new Map<string, NativeFunction>();
  for (const group of groups) for (const builtin of group) registry.set(builtin.name, builtin);
  return registry;
}
