import type { Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';

/**
 * The one numeric rule of every language: numbers are finite IEEE doubles. `x / 0`, `0 / 0`
 * and `x % 0` are runtime errors ("division by zero"), a result that overflows to infinity
 * is a runtime error ("number out of range"), and `-0` becomes `0`. So no script ever sees
 * `NaN`, `Infinity` or `-0`, and every number prints and serialises as JSON.
 *
 * @example
 * ```ts
 * toScriptNumber(-0, span); // 0
 * toScriptNumber(1e308 * 10, span); // throws E_RUNTIME "number out of range"
 * ```
 */
export function toScriptNumber(value: number, span?: Span): number {
  if (value === 0) return 0;
  if (Number.isFinite(value)) return value;
  throw new ScriptFault('E_RUNTIME', Number.isNaN(value) ? 'not a number' : 'number out of range', span);
}

/**
 * Divides with the shared semantics.
 *
 * @example
 * ```ts
 * divideNumbers(1, 0); // throws E_RUNTIME "division by zero"
 * ```
 */
export function divideNumbers(left: number, right: number, span?: Span): number {
  if (right === 0) throw new ScriptFault('E_RUNTIME', 'division by zero', span);
  return toScriptNumber(left / right, span);
}

/**
 * Remainder with the shared semantics: the sign follows the dividend (`-7 % 3` is `-1`),
 * and `x % 0` is "division by zero".
 *
 * @example
 * ```ts
 * remainderOf(7, 3); // 1
 * ```
 */
export function remainderOf(left: number, right: number, span?: Span): number {
  if (right === 0) throw new ScriptFault('E_RUNTIME', 'division by zero', span);
  return toScriptNumber(left % right, span);
}

/**
 * Formats a number for printing: integers as they are, other numbers with at most 15
 * significant digits so `0.1 + 0.2` prints `0.3`.
 *
 * @example
 * ```ts
 * formatNumber(0.1 + 0.2); // '0.3'
 * ```
 */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  const rounded = Number(value.toPrecision(15));
  // Rounding the largest doubles to 15 digits can round up past the largest double.
  return String(Number.isFinite(rounded) ? rounded : value);
}
