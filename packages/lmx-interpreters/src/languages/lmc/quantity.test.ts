import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCalendarDate } from './calendar-date.js';
import {
  type Amount,
  type AmountResult,
  addAmounts,
  compareAmounts,
  convertAmount,
  divideAmounts,
  formatAmount,
  makeQuantity,
  multiplyAmounts,
  negateAmount,
  percentOf,
} from './quantity.js';

function q(value: number, unit: string): Amount {
  const made = makeQuantity(value, unit);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}
function shown(result: AmountResult): string {
  return result.ok ? formatAmount(result.value) : `${result.error.code}: ${result.error.message}`;
}
const pct = (value: number): Amount => ({ kind: 'percent', value });
const day = (text: string): Amount => readCalendarDate(text) ?? Number.NaN;

describe('lmc quantities', () => {
  it('adds lengths in different units and converts the sum', () => {
    const sum = addAmounts(q(3, 'ft'), q(20, 'cm'), 1);
    expect(shown(sum)).toBe('3.656167979 ft');
    expect(sum.ok && shown(convertAmount(sum.value, 'm'))).toBe('1.1144 m');
  });

  it('refuses to add metres and kilograms with E_DIMENSION', () => {
    expect(shown(addAmounts(q(1, 'm'), q(2, 'kg'), 1))).toBe('E_DIMENSION: cannot add 1 m and 2 kg');
    expect(shown(convertAmount(q(1, 'm'), 'kg'))).toBe(
      'E_DIMENSION: cannot convert 1 m (length) to kg (mass)',
    );
    expect(shown(addAmounts(q(1, 'm'), 2, 1))).toBe('E_DIMENSION: cannot add 1 m and the number 2');
  });

  it('names an unknown unit with E_UNIT', () => {
    expect(shown(makeQuantity(1, 'parsec'))).toBe('E_UNIT: unknown unit "parsec"');
    expect(shown(convertAmount(q(1, 'm'), 'furlong'))).toBe('E_UNIT: unknown unit "furlong"');
  });

  it('tells decimal and binary data sizes apart', () => {
    expect(shown(convertAmount(q(1, 'KiB'), 'B'))).toBe('1024 B');
    expect(shown(convertAmount(q(1, 'KB'), 'B'))).toBe('1000 B');
    expect(shown(convertAmount(q(1, 'GiB'), 'MB'))).toBe('1073.741824 MB');
    expect(shown(convertAmount(q(8, 'bits'), 'B'))).toBe('1 B');
  });

  it('converts temperatures with their offsets', () => {
    expect(shown(convertAmount(q(100, '°C'), '°F'))).toBe('212 °F');
    expect(shown(convertAmount(q(32, '°F'), '°C'))).toBe('0 °C');
    expect(shown(convertAmount(q(0, 'K'), '°C'))).toBe('-273.15 °C');
    expect(shown(convertAmount(q(-40, 'degF'), 'celsius'))).toBe('-40 °C');
  });

  it('treats the right operand of a temperature sum as a difference', () => {
    expect(shown(addAmounts(q(20, '°C'), q(9, '°F'), 1))).toBe('25 °C');
    expect(shown(addAmounts(q(30, '°C'), q(20, '°C'), -1))).toBe('10 °C');
  });

  it('scales, divides and compares', () => {
    expect(shown(multiplyAmounts(q(2, 'h'), 3))).toBe('6 h');
    expect(shown(divideAmounts(q(1, 'km'), q(250, 'm')))).toBe('4');
    expect(shown(divideAmounts(q(1, 'km'), 4))).toBe('0.25 km');
    // Compound units (issue 26): m·m is an area, 1/m a reciprocal length, km over h a speed.
    expect(shown(multiplyAmounts(q(2, 'm'), q(3, 'm')))).toBe('6 m·m');
    expect(
      shown(convertAmount((multiplyAmounts(q(2, 'm'), q(3, 'm')) as { value: Amount }).value, 'cm2')),
    ).toBe('60000 cm2');
    expect(shown(divideAmounts(1, q(4, 'm')))).toBe('0.25 1/m');
    expect(shown(divideAmounts(q(100, 'km'), q(2, 'h')))).toBe('50 km/h');
    expect(shown(multiplyAmounts(q(20, '°C'), q(2, 'm')))).toMatch(/^E_DIMENSION: .*use K/);
    expect(compareAmounts(q(1, 'km'), q(999, 'm'))).toEqual({ ok: true, order: 1 });
    expect(compareAmounts(q(1, 'km'), q(1, 'kg')).ok).toBe(false);
    expect(shown(negateAmount(q(3, 'm')))).toBe('-3 m');
  });
});

describe('lmc percentages', () => {
  it('adds, subtracts and takes shares', () => {
    expect(shown(addAmounts(200, pct(15), 1))).toBe('230');
    expect(shown(addAmounts(200, pct(15), -1))).toBe('170');
    expect(shown(percentOf(pct(15), 200))).toBe('30');
    expect(shown(multiplyAmounts(200, pct(15)))).toBe('30');
    expect(shown(addAmounts(q(3, 'm'), pct(10), 1))).toBe('3.3 m');
    expect(shown(addAmounts(pct(10), pct(5), 1))).toBe('15%');
    expect(shown(convertAmount(0.25, '%'))).toBe('25%');
    expect(shown(percentOf(15, 200))).toMatch(/^E_DIMENSION: "of" takes a percentage/);
  });
});

describe('lmc dates', () => {
  it('clamps month arithmetic to the end of the month', () => {
    expect(shown(addAmounts(day('2026-01-31'), q(1, 'month'), 1))).toBe('2026-02-28');
    expect(shown(addAmounts(day('2024-01-31'), q(1, 'month'), 1))).toBe('2024-02-29');
    expect(shown(addAmounts(day('2024-02-29'), q(1, 'year'), 1))).toBe('2025-02-28');
    expect(shown(addAmounts(day('2026-03-31'), q(1, 'month'), -1))).toBe('2026-02-28');
    expect(shown(addAmounts(day('2026-01-31'), q(13, 'months'), 1))).toBe('2027-02-28');
  });

  it('adds days and weeks and measures differences in days', () => {
    expect(shown(addAmounts(day('2026-12-30'), q(2, 'weeks'), 1))).toBe('2027-01-13');
    expect(shown(addAmounts(day('2026-03-01'), day('2026-01-31'), -1))).toBe('29 day');
    const span = addAmounts(day('2027-01-01'), day('2026-01-01'), -1);
    expect(span.ok && shown(convertAmount(span.value, 'weeks'))).toBe('52.1428571429 week');
    expect(shown(addAmounts(day('2026-01-01'), q(48, 'h'), 1))).toBe('2026-01-03');
  });

  it('refuses partial days and partial months', () => {
    expect(shown(addAmounts(day('2026-01-01'), q(5, 'h'), 1))).toMatch(/^E_DATE: dates have day precision/);
    expect(shown(addAmounts(day('2026-01-01'), q(1.5, 'month'), 1))).toMatch(
      /^E_DATE: a date moves by whole month/,
    );
    expect(shown(addAmounts(day('2026-01-01'), day('2026-01-01'), 1))).toMatch(/^E_DIMENSION/);
    expect(shown(addAmounts(day('9999-12-31'), q(1, 'day'), 1))).toMatch(/^E_DATE: .*outside/);
  });

  it('reads only real ISO dates', () => {
    expect(readCalendarDate('2026-02-30')).toBeUndefined();
    expect(readCalendarDate('2026-2-3')).toBeUndefined();
    expect(readCalendarDate('0001-01-01')).toEqual({ kind: 'date', days: -719162 });
    expect(formatAmount(day('0099-03-04'))).toBe('0099-03-04');
  });
});

describe('lmc conversions, as a property', () => {
  const byDimension = [
    ['mm', 'cm', 'm', 'km', 'inch', 'ft', 'yd', 'mi'],
    ['mg', 'g', 'kg', 't', 'oz', 'lb'],
    ['ms', 's', 'min', 'h', 'day', 'week', 'month', 'year'],
    ['bit', 'B', 'KB', 'MB', 'GB', 'TB', 'KiB', 'MiB', 'GiB', 'TiB'],
    ['K', '°C', '°F'],
  ];
  const pair = fc
    .constantFrom(...byDimension)
    .chain((units) => fc.tuple(fc.constantFrom(...units), fc.constantFrom(...units)));

  it('converts there and back to the same value, and never across dimensions', () => {
    fc.assert(
      fc.property(pair, fc.double({ min: -1e6, max: 1e6, noNaN: true }), ([from, to], value) => {
        const start = q(value, from);
        const there = convertAmount(start, to);
        expect(there.ok).toBe(true);
        if (!there.ok) return;
        const back = convertAmount(there.value, from);
        expect(back.ok && typeof back.value === 'object' && back.value.kind === 'quantity').toBe(true);
        if (!back.ok || typeof back.value !== 'object' || back.value.kind !== 'quantity') return;
        expect(Math.abs(back.value.value - value)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(value)));
        expect(compareAmounts(start, there.value)).toMatchObject({ ok: true });
      }),
      { seed: 20_261_125, numRuns: 500 },
    );
    expect(convertAmount(q(1, 'm'), 'kg').ok).toBe(false);
  });

  it('orders quantities the same way in any unit of their dimension', () => {
    fc.assert(
      fc.property(
        pair,
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        ([from, to], a, b) => {
          fc.pre(Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(a), Math.abs(b)));
          const left = q(a, from);
          const right = convertAmount(q(b, from), to);
          if (!right.ok) throw new Error(right.error.message);
          expect(compareAmounts(left, right.value)).toEqual({ ok: true, order: a < b ? -1 : 1 });
        },
      ),
      { seed: 20_261_126, numRuns: 500 },
    );
  });
});
