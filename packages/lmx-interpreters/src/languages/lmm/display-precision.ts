import type { Value } from '../../core/values.js';

/** Significant digits lmm prints, as lmc does: float noise (`0.0500000000000016`) never shows. */
export const DISPLAY_DIGITS = 12;

/**
 * A value as lmm prints it: every number (in lists and matrices too) to 12 significant
 * digits; integers in full. The value itself keeps full precision.
 *
 * @example
 * ```ts
 * toDisplayPrecision([0.1 + 0.2, 3]); // [0.3, 3]
 * ```
 */
export function toDisplayPrecision(value: Value): Value {
  if (typeof value === 'number')
    return Number.isInteger(value) ? value : Number(value.toPrecision(DISPLAY_DIGITS)) || 0;
  if (Array.isArray(value)) return value.map(toDisplayPrecision);
  return value;
}
