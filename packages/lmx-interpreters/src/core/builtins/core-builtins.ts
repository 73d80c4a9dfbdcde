import type { NativeFunction } from '../values.js';
import { type BuiltinRegistry, createBuiltinRegistry } from './builtin-registry.js';
import { FUNCTION_BUILTINS } from './function-builtins.js';
import { LIST_BUILTINS } from './list-builtins.js';
import { MATH_BUILTINS } from './math-builtins.js';
import { TEXT_BUILTINS } from './text-builtins.js';
import { VALUE_BUILTINS } from './value-builtins.js';

/**
 * Every shared builtin (text, lists and maps, functions over lists, math, values) as one group, for
 * `createBuiltinRegistry(CORE_BUILTINS, languageBuiltins)`.
 *
 * @example
 * ```ts
 * const builtins = createBuiltinRegistry(CORE_BUILTINS, MY_BUILTINS);
 * ```
 */
export const CORE_BUILTINS: readonly NativeFunction[] = [
  ...TEXT_BUILTINS,
  ...LIST_BUILTINS,
  ...FUNCTION_BUILTINS,
  ...MATH_BUILTINS,
  ...VALUE_BUILTINS,
];

/** The shared builtins as a registry. */
export const CORE_BUILTIN_REGISTRY: BuiltinRegistry = createBuiltinRegistry(CORE_BUILTINS);
