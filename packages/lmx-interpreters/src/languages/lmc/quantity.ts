import {
  addDays,
  addMonths,
  type CalendarDate,
  formatCalendarDate,
  isCalendarDateInRange,
} from './calendar-date.js';
import { combineUnits, findUnit, type Unit } from './units.js';

/** A number with a unit, kept in the unit it was written in. */
export interface Quantity {
  readonly kind: 'quantity';
  readonly value: number;
  readonly unit: Unit;
}

/** A percentage; `value` is in percent (`15%` has value 15). */
export interface Percent {
  readonly kind: 'percent';
  readonly value: number;
}

/** Every value the `lmc` arithmetic works on. */
export type Amount = number | Quantity | Percent | CalendarDate;

/** Why an operation has no result: a stable code and a message for the script's author. */
export interface AmountError {
  readonly code: 'E_DIMENSION' | 'E_UNIT' | 'E_DATE';
  readonly message: string;
}

/** The outcome of an operation: a value or an error (never a throw). */
export type AmountResult = { ok: true; value: Amount } | { ok: false; error: AmountError };

const ok = (value: Amount): AmountResult => ({ ok: true, value });
const fail = (code: AmountError['code'], message: string): AmountResult => ({
  ok: false,
  error: { code, message },
});

/**
 * Builds a quantity from a unit name, or an `E_UNIT` error naming the unknown unit.
 *
 * @example
 * makeQuantity(3, 'ft'); // { ok: true, value: { kind: 'quantity', value: 3, unit: … } }
 */
export function makeQuantity(value: number, unitName: string): AmountResult {
  const unit = findUnit(unitName);
  if (!unit) return fail('E_UNIT', `unknown unit "${unitName}"`);
  return ok({ kind: 'quantity', value, unit });
}

function toBase(quantity: Quantity): number {
  return quantity.value * quantity.unit.factor + quantity.unit.offset;
}

function fromBase(base: number, unit: Unit): number {
  return (base - unit.offset) / unit.factor;
}

/** Re-expresses a quantity as a difference (interval) in another unit: offsets do not apply. */
function intervalIn(quantity: Quantity, unit: Unit): number {
  return (quantity.value * quantity.unit.factor) / unit.factor;
}

/** Describes a value for error messages: `3 m`, `15%`, `a number`. */
export function describeAmount(value: Amount): string {
  if (typeof value === 'number') return `the number ${formatAmount(value)}`;
  return formatAmount(value);
}

function dimensionError(verb: string, left: Amount, right: Amount): AmountResult {
  return fail('E_DIMENSION', `cannot ${verb} ${describeAmount(left)} and ${describeAmount(right)}`);
}

/**
 * Adds (`sign` 1) or subtracts (`sign` -1). Same-dimension quantities give the left
 * operand's unit; a temperature's right operand counts as a difference; `x + 15%` is
 * `x * 1.15`; a date plus a time quantity moves the date (months and years by the calendar).
 *
 * @example
 * addAmounts(200, { kind: 'percent', value: 15 }, 1); // { ok: true, value: 230 }
 */
export function addAmounts(left: Amount, right: Amount, sign: 1 | -1): AmountResult {
  const verb = sign === 1 ? 'add' : 'subtract';
  if (typeof left === 'number' && typeof right === 'number') return ok(left + sign * right);
  if (typeof right !== 'number' && right.kind === 'percent') {
    if (typeof left === 'object' && left.kind === 'percent') {
      return ok({ kind: 'percent', value: left.value + sign * right.value });
    }
    if (typeof left === 'object' && left.kind === 'date') return dimensionError(verb, left, right);
    return scaleAmount(left, 1 + (sign * right.value) / 100);
  }
  if (typeof left === 'object' && left.kind === 'percent' && typeof right === 'number') {
    return ok(left.value / 100 + sign * right);
  }
  if (typeof left === 'object' && left.kind === 'date') {
    if (typeof right === 'object' && right.kind === 'date' && sign === -1) {
      return makeQuantity(left.days - right.days, 'day');
    }
    if (typeof right === 'object' && right.kind === 'quantity' && right.unit.dimension === 'time') {
      return moveDate(left, right, sign);
    }
    return dimensionError(verb, left, right);
  }
  if (
    typeof left === 'object' &&
    left.kind === 'quantity' &&
    typeof right === 'object' &&
    right.kind === 'quantity'
  ) {
    if (left.unit.dimension !== right.unit.dimension) return dimensionError(verb, left, right);
    return ok({ ...left, value: left.value + sign * intervalIn(right, left.unit) });
  }
  return dimensionError(verb, left, right);
}

function moveDate(date: CalendarDate, duration: Quantity, sign: 1 | -1): AmountResult {
  let moved: CalendarDate;
  if (duration.unit.calendar) {
    if (!Number.isInteger(duration.value)) {
      return fail('E_DATE', `a date moves by whole ${duration.unit.symbol}s, not ${formatAmount(duration)}`);
    }
    const months = duration.value * (duration.unit.calendar === 'year' ? 12 : 1);
    moved = addMonths(date, sign * months);
  } else {
    const days = (duration.value * duration.unit.factor) / 86_400;
    const whole = Math.round(days);
    if (Math.abs(days - whole) > 1e-9) {
      return fail(
        'E_DATE',
        `dates have day precision; ${formatAmount(duration)} is not a whole number of days`,
      );
    }
    moved = addDays(date, sign * whole);
  }
  if (!isCalendarDateInRange(moved)) return fail('E_DATE', 'the date falls outside the years 0001–9999');
  return ok(moved);
}

function isDate(value: Amount): boolean {
  return typeof value === 'object' && value.kind === 'date';
}

function scaleAmount(value: Amount, factor: number): AmountResult {
  if (typeof value === 'number') return ok(value * factor);
  if (value.kind === 'quantity' || value.kind === 'percent')
    return ok({ ...value, value: value.value * factor });
  return fail('E_DIMENSION', `cannot scale ${describeAmount(value)}`);
}

/**
 * Multiplies. A quantity times a number (or a percentage) stays a quantity; a quantity times
 * a quantity is in their compound unit (`kW·h`).
 *
 * @example
 * multiplyAmounts({ kind: 'percent', value: 15 }, 200); // { ok: true, value: 30 }
 */
export function multiplyAmounts(left: Amount, right: Amount): AmountResult {
  if (typeof left === 'number' && typeof right === 'number') return ok(left * right);
  if (
    typeof left === 'object' &&
    left.kind === 'percent' &&
    typeof right === 'object' &&
    right.kind === 'percent'
  ) {
    return ok({ kind: 'percent', value: (left.value * right.value) / 100 });
  }
  if (typeof right === 'object' && right.kind === 'percent' && !isDate(left))
    return scaleAmount(left, right.value / 100);
  if (typeof left === 'object' && left.kind === 'percent' && !isDate(right))
    return scaleAmount(right, left.value / 100);
  if (typeof right === 'number') return scaleAmount(left, right);
  if (typeof left === 'number') return scaleAmount(right, left);
  if (left.kind === 'quantity' && right.kind === 'quantity') return combineQuantities(left, right, 1);
  return fail('E_DIMENSION', `cannot multiply ${describeAmount(left)} by ${describeAmount(right)}`);
}

const ONE: Unit = { symbol: '1', dimension: 'number', powers: {}, factor: 1, offset: 0 };

/**
 * The product (`sign` 1) or quotient (-1) of two quantities, in the compound unit of their
 * units (`km` over `h` is `km/h`); a plain number when the dimensions cancel.
 */
function combineQuantities(left: Quantity, right: Quantity, sign: 1 | -1): AmountResult {
  const unit = combineUnits(left.unit, right.unit, sign);
  if (!unit) {
    return fail(
      'E_DIMENSION',
      `cannot ${sign === 1 ? 'multiply' : 'divide'} ${describeAmount(left)} by ${describeAmount(right)}: a temperature on a scale with an offset (°C, °F) only adds and subtracts; use K`,
    );
  }
  const value = sign === 1 ? left.value * right.value : left.value / right.value;
  if (unit.dimension === 'number') return ok(value * unit.factor);
  return ok({ kind: 'quantity', value, unit });
}

/**
 * Divides. Same-dimension quantities give a plain ratio; a quantity over a number stays a
 * quantity; other quotients are in a compound unit (`km/h`, `1/s`).
 *
 * @example
 * divideAmounts(makeQuantity(1, 'km').value, makeQuantity(250, 'm').value); // { ok: true, value: 4 }
 */
export function divideAmounts(left: Amount, right: Amount): AmountResult {
  if (typeof right === 'object' && right.kind === 'percent') {
    return typeof left === 'object' && left.kind === 'date'
      ? dimensionError('divide', left, right)
      : divideAmounts(left, right.value / 100);
  }
  if (typeof right === 'number') {
    if (typeof left === 'number') return ok(left / right);
    return scaleAmount(left, 1 / right);
  }
  if (typeof left === 'object' && left.kind === 'quantity' && right.kind === 'quantity') {
    if (left.unit.dimension === right.unit.dimension) return ok(toBase(left) / toBase(right));
    return combineQuantities(left, right, -1);
  }
  if (typeof left === 'number' && right.kind === 'quantity')
    return combineQuantities({ kind: 'quantity', value: left, unit: ONE }, right, -1);
  return fail('E_DIMENSION', `cannot divide ${describeAmount(left)} by ${describeAmount(right)}`);
}

/** `p% of x`: the percentage's share of x. */
export function percentOf(percent: Amount, whole: Amount): AmountResult {
  if (typeof percent !== 'object' || percent.kind !== 'percent') {
    return fail('E_DIMENSION', `"of" takes a percentage on its left, not ${describeAmount(percent)}`);
  }
  if (typeof whole === 'object' && whole.kind === 'date')
    return dimensionError('take a percentage of', percent, whole);
  return scaleAmount(whole, percent.value / 100);
}

/** Unary minus. */
export function negateAmount(value: Amount): AmountResult {
  if (typeof value === 'object' && value.kind === 'date')
    return fail('E_DIMENSION', `cannot negate ${formatAmount(value)}`);
  return scaleAmount(value, -1);
}

/**
 * `x in <unit>`: converts a quantity to another unit of its dimension; `in %` turns a
 * number into a percentage.
 *
 * @example
 * convertAmount(makeQuantity(100, '°C').value, '°F'); // 212 °F
 */
export function convertAmount(value: Amount, target: string): AmountResult {
  if (target === '%') {
    if (typeof value === 'number') return ok({ kind: 'percent', value: value * 100 });
    if (value.kind === 'percent') return ok(value);
    return fail('E_DIMENSION', `cannot express ${describeAmount(value)} in %`);
  }
  const unit = findUnit(target);
  if (!unit) return fail('E_UNIT', `unknown unit "${target}"`);
  if (typeof value !== 'object' || value.kind !== 'quantity') {
    return fail('E_DIMENSION', `cannot convert ${describeAmount(value)} to ${unit.symbol}: it has no unit`);
  }
  if (value.unit.dimension !== unit.dimension) {
    return fail(
      'E_DIMENSION',
      `cannot convert ${formatAmount(value)} (${value.unit.dimension}) to ${unit.symbol} (${unit.dimension})`,
    );
  }
  return ok({ kind: 'quantity', value: fromBase(toBase(value), unit), unit });
}

/**
 * Orders two amounts of the same kind (-1, 0, 1), or an `E_DIMENSION` error.
 * Quantities compare by their base value, so `1 km > 999 m`.
 */
export function compareAmounts(
  left: Amount,
  right: Amount,
): { ok: true; order: number } | { ok: false; error: AmountError } {
  const base = (value: Amount): [string, number] | undefined => {
    if (typeof value === 'number') return ['number', value];
    if (value.kind === 'percent') return ['percent', value.value];
    if (value.kind === 'date') return ['date', value.days];
    return [value.unit.dimension, toBase(value)];
  };
  const [leftKind, leftValue] = base(left) ?? ['', 0];
  const [rightKind, rightValue] = base(right) ?? ['', 0];
  if (leftKind !== rightKind) {
    return {
      ok: false,
      error: {
        code: 'E_DIMENSION',
        message: `cannot compare ${describeAmount(left)} with ${describeAmount(right)}`,
      },
    };
  }
  return { ok: true, order: leftValue < rightValue ? -1 : leftValue > rightValue ? 1 : 0 };
}

/**
 * Prints a number with at most 12 significant digits, so float noise from conversions
 * (0.9144000000000001) never shows; integers print in full.
 */
export function formatCalculatorNumber(value: number): string {
  if (Number.isInteger(value) || !Number.isFinite(value)) return Object.is(value, -0) ? '0' : String(value);
  return String(Number(value.toPrecision(12)));
}

/**
 * Prints an amount: `1.1144 m`, `15%`, `2026-02-28`, `230`.
 *
 * @example
 * formatAmount({ kind: 'percent', value: 15 }); // '15%'
 */
export function formatAmount(value: Amount): string {
  if (typeof value === 'number') return formatCalculatorNumber(value);
  if (value.kind === 'percent') return `${formatCalculatorNumber(value.value)}%`;
  if (value.kind === 'date') return formatCalendarDate(value);
  return `${formatCalculatorNumber(value.value)} ${value.unit.symbol}`;
}
