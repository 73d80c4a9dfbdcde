/**
 * Calendar dates for `lmc`: a civil date (no time of day, no zone) stored as whole days
 * since 1970-01-01. Month and year arithmetic clamps to the last day of the target month.
 */

/** A civil date. */
export interface CalendarDate {
  readonly kind: 'date';
  /** Whole days since 1970-01-01 (negative before). */
  readonly days: number;
}

const MS_PER_DAY = 86_400_000;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads `YYYY-MM-DD` (years 0001–9999); `undefined` for anything else, including
 * impossible dates such as `2026-02-30`.
 *
 * @example
 * readCalendarDate('2026-01-31'); // { kind: 'date', days: 20484 }
 */
export function readCalendarDate(text: string): CalendarDate | undefined {
  const match = isoDate.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { kind: 'date', days: toDays(year, month, day) };
}

/** The number of days in a month (1–12) of a proleptic Gregorian year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function toDays(year: number, month: number, day: number): number {
  const date = new Date(0);
  // setUTCFullYear keeps years below 100 as written (Date.UTC would map 26 to 1926).
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / MS_PER_DAY);
}

function toParts(days: number): { year: number; month: number; day: number } {
  const date = new Date(days * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * Adds whole calendar months (negative to go back), clamping the day to the target
 * month's length: 2026-01-31 + 1 month is 2026-02-28.
 *
 * @example
 * formatCalendarDate(addMonths(readCalendarDate('2026-01-31')!, 1)); // '2026-02-28'
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = toParts(date.days);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return { kind: 'date', days: toDays(targetYear, targetMonth, targetDay) };
}

/** Adds whole days. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return { kind: 'date', days: date.days + days };
}

/** Whether the date lies in years 0001–9999 (the range `lmc` reads and prints). */
export function isCalendarDateInRange(date: CalendarDate): boolean {
  const { year } = toParts(date.days);
  return Number.isFinite(date.days) && year >= 1 && year <= 9999;
}

/**
 * Prints `YYYY-MM-DD`.
 *
 * @example
 * formatCalendarDate({ kind: 'date', days: 0 }); // '1970-01-01'
 */
export function formatCalendarDate(date: CalendarDate): string {
  const { year, month, day } = toParts(date.days);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
