import { ScriptFault } from '../../errors.js';
import { toScriptNumber } from '../numeric.js';
import type { NativeFunction, Value } from '../values.js';
import { expectInteger, expectNumber, expectNumbers } from './arguments.js';
import { defineBuiltin } from './builtin-registry.js';

function unary(name: string, apply: (value: number) => number): NativeFunction {
  return defineBuiltin(name, [1, 1], ([value]) => toScriptNumber(apply(expectNumber(value, name))));
}

/**
 * Rounds half away from zero to `digits` decimals (0 to 15); `round(2.5)` is 3,
 * `round(-2.5)` is -3, `round(1.005, 2)` is 1.01 (decimal rounding, not binary).
 *
 * @example
 * ```ts
 * roundTo(3.14159, 2); // 3.14
 * ```
 */
export function roundTo(value: number, digits: number): number {
  if (digits < 0 || digits > 15)
    throw new ScriptFault('E_RUNTIME', `round expects 0 to 15 digits as argument 2 but got ${digits}`);
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${digits}`);
  if (!Number.isFinite(shifted)) return value;
  return toScriptNumber(sign * Number(`${Math.round(shifted)}e-${digits}`));
}

function extreme(name: string, pick: (values: number[]) => number): NativeFunction {
  return defineBuiltin(name, [1, 100], (args) => {
    const values =
      args.length === 1 && Array.isArray(args[0]) ? expectNumbers(args[0], name) : numbersOf(args, name);
    if (values.length === 0) throw new ScriptFault('E_RUNTIME', `${name} of an empty list`);
    return pick(values);
  });
}

function numbersOf(args: readonly Value[], name: string): number[] {
  return args.map((arg, index) => expectNumber(arg, name, index + 1));
}

/**
 * Math builtins: `abs`, `floor`, `ceil`, `sqrt`, `pow`, `round(x, digits?)`, `min`,
 * `max`, `sum`, `num` (parse a number), `int` (truncate).
 *
 * @example
 * ```ts
 * createBuiltinRegistry(MATH_BUILTINS).get('sqrt');
 * ```
 */
export const MATH_BUILTINS: readonly NativeFunction[] = [
  unary('abs', Math.abs),
  unary('floor', Math.floor),
  unary('ceil', Math.ceil),
  unary('int', Math.trunc),
  defineBuiltin('sqrt', [1, 1], ([value]) => {
    const number = expectNumber(value, 'sqrt');
    if (number < 0) throw new ScriptFault('E_RUNTIME', 'sqrt of a negative number');
    return Math.sqrt(number);
  }),
  defineBuiltin('pow', [2, 2], ([base, exponent]) =>
    toScriptNumber(expectNumber(base, 'pow') ** expectNumber(exponent, 'pow', 2)),
  ),
  defineBuiltin('round', [1, 2], ([value, digits]) =>
    roundTo(expectNumber(value, 'round'), digits === undefined ? 0 : expectInteger(digits, 'round', 2)),
  ),
  extreme('min', (values) => Math.min(...values)),
  extreme('max', (values) => Math.max(...values)),
  defineBuiltin('sum', [1, 1], ([list]) =>
    toScriptNumber(expectNumbers(list, 'sum').reduce((a, b) => a + b, 0)),
  ),
  defineBuiltin('num', [1, 1], ([value]) => {
    if (typeof value === 'number') return value;
    const text = typeof value === 'string' ? value.trim() : '';
    const number = text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(number))
      throw new ScriptFault('E_RUNTIME', `num cannot read ${JSON.stringify(String(value))} as a number`);
    return toScriptNumber(number);
  }),
];
