/**
 * The unit table of `lmc`. Every unit belongs to one dimension and converts to the
 * dimension's base unit by `base = value * factor + offset` (the offset is only used by
 * the temperature scales °C and °F, whose zero is not the base unit's zero).
 */

/** The physical dimensions `lmc` knows. */
export type Dimension = 'length' | 'mass' | 'time' | 'data' | 'temperature';

/** One unit: its display symbol, dimension and conversion to the base unit. */
export interface Unit {
  readonly symbol: string;
  readonly dimension: Dimension;
  /** Base units per one of this unit. */
  readonly factor: number;
  /** Added after scaling (temperature scales only). */
  readonly offset: number;
  /** Calendar units (month, year) add to dates by the calendar, not by a fixed length. */
  readonly calendar?: 'month' | 'year';
}

const DAY = 86_400;

interface UnitRow {
  symbol: string;
  aliases: string[];
  dimension: Dimension;
  factor: number;
  offset?: number;
  calendar?: 'month' | 'year';
}

// Aliases are matched case-sensitively: `m` is metre, `M` is nothing, `mB` is not `MB`.
// There is no `in` for inches: `in` is the conversion keyword (`3 ft in m`). `ºC` (with the
// ordinal sign º, often typed for the degree sign) is what the lexer sees for `°C`.
const rows: UnitRow[] = [
  {
    symbol: 'mm',
    aliases: ['millimeter', 'millimeters', 'millimetre', 'millimetres'],
    dimension: 'length',
    factor: 0.001,
  },
  {
    symbol: 'cm',
    aliases: ['centimeter', 'centimeters', 'centimetre', 'centimetres'],
    dimension: 'length',
    factor: 0.01,
  },
  { symbol: 'm', aliases: ['meter', 'meters', 'metre', 'metres'], dimension: 'length', factor: 1 },
  {
    symbol: 'km',
    aliases: ['kilometer', 'kilometers', 'kilometre', 'kilometres'],
    dimension: 'length',
    factor: 1000,
  },
  { symbol: 'inch', aliases: ['inches'], dimension: 'length', factor: 0.0254 },
  { symbol: 'ft', aliases: ['foot', 'feet'], dimension: 'length', factor: 0.3048 },
  { symbol: 'yd', aliases: ['yard', 'yards'], dimension: 'length', factor: 0.9144 },
  { symbol: 'mi', aliases: ['mile', 'miles'], dimension: 'length', factor: 1609.344 },
  { symbol: 'mg', aliases: ['milligram', 'milligrams'], dimension: 'mass', factor: 1e-6 },
  { symbol: 'g', aliases: ['gram', 'grams'], dimension: 'mass', factor: 0.001 },
  { symbol: 'kg', aliases: ['kilogram', 'kilograms'], dimension: 'mass', factor: 1 },
  { symbol: 't', aliases: ['tonne', 'tonnes'], dimension: 'mass', factor: 1000 },
  { symbol: 'oz', aliases: ['ounce', 'ounces'], dimension: 'mass', factor: 0.028349523125 },
  { symbol: 'lb', aliases: ['lbs', 'pound', 'pounds'], dimension: 'mass', factor: 0.45359237 },
  { symbol: 'ms', aliases: ['millisecond', 'milliseconds'], dimension: 'time', factor: 0.001 },
  { symbol: 's', aliases: ['sec', 'secs', 'second', 'seconds'], dimension: 'time', factor: 1 },
  { symbol: 'min', aliases: ['mins', 'minute', 'minutes'], dimension: 'time', factor: 60 },
  { symbol: 'h', aliases: ['hr', 'hrs', 'hour', 'hours'], dimension: 'time', factor: 3600 },
  { symbol: 'day', aliases: ['d', 'days'], dimension: 'time', factor: DAY },
  { symbol: 'week', aliases: ['weeks', 'wk'], dimension: 'time', factor: 7 * DAY },
  // A month and a year convert by the mean Gregorian length; added to a date they follow the calendar.
  { symbol: 'month', aliases: ['months'], dimension: 'time', factor: 30.436875 * DAY, calendar: 'month' },
  { symbol: 'year', aliases: ['years', 'yr'], dimension: 'time', factor: 365.2425 * DAY, calendar: 'year' },
  { symbol: 'bit', aliases: ['bits'], dimension: 'data', factor: 0.125 },
  { symbol: 'B', aliases: ['byte', 'bytes'], dimension: 'data', factor: 1 },
  { symbol: 'KB', aliases: ['kB'], dimension: 'data', factor: 1e3 },
  { symbol: 'MB', aliases: [], dimension: 'data', factor: 1e6 },
  { symbol: 'GB', aliases: [], dimension: 'data', factor: 1e9 },
  { symbol: 'TB', aliases: [], dimension: 'data', factor: 1e12 },
  { symbol: 'KiB', aliases: [], dimension: 'data', factor: 1024 },
  { symbol: 'MiB', aliases: [], dimension: 'data', factor: 1024 ** 2 },
  { symbol: 'GiB', aliases: [], dimension: 'data', factor: 1024 ** 3 },
  { symbol: 'TiB', aliases: [], dimension: 'data', factor: 1024 ** 4 },
  { symbol: 'K', aliases: ['kelvin'], dimension: 'temperature', factor: 1 },
  { symbol: '°C', aliases: ['ºC', 'degC', 'celsius'], dimension: 'temperature', factor: 1, offset: 273.15 },
  {
    symbol: '°F',
    aliases: ['ºF', 'degF', 'fahrenheit'],
    dimension: 'temperature',
    factor: 5 / 9,
    offset: 273.15 - (32 * 5) / 9,
  },
];

const table = new Map<string, Unit>();
for (const row of rows) {
  const unit: Unit = {
    symbol: row.symbol,
    dimension: row.dimension,
    factor: row.factor,
    offset: row.offset ?? 0,
    ...(row.calendar ? { calendar: row.calendar } : {}),
  };
  for (const name of [row.symbol, ...row.aliases]) table.set(name, unit);
}

/**
 * Looks a unit up by symbol or alias (case-sensitive); `undefined` when unknown.
 *
 * @example
 * findUnit('KiB')?.factor; // 1024
 */
export function findUnit(name: string): Unit | undefined {
  return table.get(name);
}

/**
 * Every unit name (symbols and aliases), for "did you mean" on an unknown unit.
 *
 * @example
 * listUnitNames().includes('meters'); // true
 */
export function listUnitNames(): string[] {
  return [...table.keys()];
}
