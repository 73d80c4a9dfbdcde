import { ScriptFault } from '../errors.js';
import { isOpaque, NativeFunction, ScriptFunction, ScriptMap, type Value } from './values.js';

/** JSON data as it crosses the run's edge. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const MAX_DEPTH = 64;

/**
 * Turns JSON data (a run's `input`, a bridge's answer) into script values: objects become
 * {@link ScriptMap}s, so no host object or prototype reaches the script. Non-finite numbers
 * become null; anything that is not JSON becomes null.
 *
 * @example
 * ```ts
 * fromJson({ a: [1, 2] }); // ScriptMap { a: [1, 2] }
 * ```
 */
export function fromJson(data: unknown, depth = 0): Value {
  if (data === null || data === undefined) return null;
  switch (typeof data) {
    case 'boolean':
    case 'string':
      return data;
    case 'number':
      return Number.isFinite(data) ? (data === 0 ? 0 : data) : null;
    case 'object':
      break;
    default:
      return null;
  }
  if (depth >= MAX_DEPTH) throw new ScriptFault('E_INPUT', `data nested more than ${MAX_DEPTH} levels deep`);
  if (Array.isArray(data)) return data.map((item) => fromJson(item, depth + 1));
  const map = new ScriptMap();
  for (const key of Object.keys(data))
    map.set(key, fromJson((data as Record<string, unknown>)[key], depth + 1));
  return map;
}

/**
 * Turns a script value into JSON data for a run's `value` or a bridge call. Maps become
 * null-prototype objects (so a `__proto__` key stays an ordinary key); functions become
 * `"<fn name>"`; cycles and nesting past 64 levels fail with `E_RUNTIME`.
 *
 * @example
 * ```ts
 * toJson(new ScriptMap([['a', 1]])); // { a: 1 }
 * ```
 */
export function toJson(value: Value, depth = 0): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH)
    throw new ScriptFault('E_RUNTIME', `value nested more than ${MAX_DEPTH} levels deep (or cyclic)`);
  if (Array.isArray(value)) return value.map((item) => toJson(item, depth + 1));
  if (value instanceof ScriptMap) {
    const object = Object.create(null) as Record<string, JsonValue>;
    for (const [key, item] of value.entries) object[key] = toJson(item, depth + 1);
    return object;
  }
  if (value instanceof ScriptFunction || value instanceof NativeFunction) return `<fn ${value.name}>`;
  if (isOpaque(value)) return value.toJson() as JsonValue;
  return null;
}
