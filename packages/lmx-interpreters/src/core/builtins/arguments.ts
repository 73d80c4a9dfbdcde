import { ScriptFault } from '../../errors.js';
import {
  NativeFunction,
  type ScriptCallable,
  ScriptFunction,
  ScriptMap,
  typeOfValue,
  type Value,
} from '../values.js';

/**
 * Argument checks for builtins: each returns the typed value or throws `E_RUNTIME` saying
 * what was expected and what was found.
 *
 * @example
 * ```ts
 * const count = expectInteger(args[0], 'repeat', 2);
 * ```
 */
export function expectNumber(value: Value | undefined, name: string, position = 1): number {
  if (typeof value === 'number') return value;
  throw mismatch(name, position, 'a number', value);
}

export function expectInteger(value: Value | undefined, name: string, position = 1): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw mismatch(name, position, 'a whole number', value);
}

export function expectString(value: Value | undefined, name: string, position = 1): string {
  if (typeof value === 'string') return value;
  throw mismatch(name, position, 'a string', value);
}

export function expectList(value: Value | undefined, name: string, position = 1): Value[] {
  if (Array.isArray(value)) return value;
  throw mismatch(name, position, 'a list', value);
}

export function expectMap(value: Value | undefined, name: string, position = 1): ScriptMap {
  if (value instanceof ScriptMap) return value;
  throw mismatch(name, position, 'a map', value);
}

/** A function (a lambda, a script `fn` or a builtin), for `map`, `filter`, `sort`… */
export function expectFunction(value: Value | undefined, name: string, position = 1): ScriptCallable {
  if (value instanceof ScriptFunction || value instanceof NativeFunction) return value;
  throw mismatch(name, position, 'a function', value);
}

/** A list of numbers (for statistics). */
export function expectNumbers(value: Value | undefined, name: string, position = 1): number[] {
  const list = expectList(value, name, position);
  for (const item of list) {
    if (typeof item !== 'number')
      throw mismatch(name, position, 'a list of numbers', item, 'an item that is');
  }
  return list as number[];
}

function mismatch(
  name: string,
  position: number,
  expected: string,
  found: Value | undefined,
  prefix = '',
): ScriptFault {
  const shown = found === undefined ? 'nothing' : `${prefix ? `${prefix} ` : ''}${typeOfValue(found)}`;
  return new ScriptFault('E_RUNTIME', `${name} expects ${expected} as argument ${position} but got ${shown}`);
}
