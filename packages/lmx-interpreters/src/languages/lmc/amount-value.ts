import type { OpaqueValue, Value } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import type { CalendarDate } from './calendar-date.js';
import {
  type Amount,
  type AmountError,
  compareAmounts,
  formatAmount,
  type Percent,
  type Quantity,
} from './quantity.js';

/**
 * A quantity, percentage or date as a script value. Plain numbers stay plain numbers.
 * In a run's JSON `value` a quantity is `{ value, unit }`, a percentage `{ percent }` and
 * a date its `YYYY-MM-DD` text.
 *
 * @example
 * new AmountValue({ kind: 'percent', value: 15 }).format(); // '15%'
 */
export class AmountValue implements OpaqueValue {
  readonly opaque = true;
  readonly type: 'quantity' | 'percent' | 'date';

  constructor(readonly amount: Quantity | Percent | CalendarDate) {
    this.type = amount.kind;
  }

  format(): string {
    return formatAmount(this.amount);
  }

  toJson(): unknown {
    const { amount } = this;
    if (amount.kind === 'quantity')
      return { value: Number(formatAmount(amount.value)), unit: amount.unit.symbol };
    if (amount.kind === 'percent') return { percent: amount.value };
    return formatAmount(amount);
  }

  equals(other: OpaqueValue): boolean {
    if (!(other instanceof AmountValue)) return false;
    const compared = compareAmounts(this.amount, other.amount);
    return compared.ok && compared.order === 0;
  }

  /** Orders quantities of one dimension, percentages and dates, for `sort` and `sort_by`. */
  compare(other: OpaqueValue): number | undefined {
    if (!(other instanceof AmountValue)) return undefined;
    const compared = compareAmounts(this.amount, other.amount);
    return compared.ok ? compared.order : undefined;
  }
}

/** The amount a script value holds, or undefined for strings, lists and the like. */
export function toAmount(value: Value): Amount | undefined {
  if (typeof value === 'number') return value;
  return value instanceof AmountValue ? value.amount : undefined;
}

/**
 * Turns an amount back into a script value, refusing results that are not finite
 * numbers (the shared numeric rule: no NaN, no Infinity, no -0).
 */
export function fromAmount(amount: Amount, span: Span): Value {
  const number = typeof amount === 'number' ? amount : amount.kind === 'date' ? amount.days : amount.value;
  if (!Number.isFinite(number)) {
    throw new ScriptFault('E_RUNTIME', Number.isNaN(number) ? 'not a number' : 'number out of range', span);
  }
  if (typeof amount === 'number') return amount === 0 ? 0 : amount;
  if (amount.kind !== 'date' && amount.value === 0) return new AmountValue({ ...amount, value: 0 });
  return new AmountValue(amount);
}

/** Throws the script fault for an amount error: units and dimensions keep their own codes. */
export function failAmount(error: AmountError, span: Span): never {
  const code =
    error.code === 'E_DIMENSION' ? 'E_DIMENSION' : error.code === 'E_UNIT' ? 'E_NAME' : 'E_RUNTIME';
  throw new ScriptFault(code, error.message, span);
}
