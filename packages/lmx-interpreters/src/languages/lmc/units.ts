/**
 * The unit table of `lmc`. Every unit has a dimension — powers of the base quantities length
 * (L), mass (M), time (T), data (D) and temperature (K) — and converts to the base units
 * (m, kg, s, byte, kelvin) by `base = value * factor + offset` (the offset is only used by the
 * temperature scales °C and °F, whose zero is not the base unit's zero). Compound units
 * (`km/h`, `GB/s`, `m^2`, `kW*h`) are built from the table by {@link findUnit}.
 */

/** The base quantities, and a dimension as their powers (absent means 0). */
export type BaseQuantity = 'L' | 'M' | 'T' | 'D' | 'K';
export type Powers = Readonly<Partial<Record<BaseQuantity, number>>>;

/** The dimension of a unit, named where it has a common name (`speed`), else by its powers. */
export type Dimension = string;

/** One unit: its display symbol, dimension and conversion to the base units. */
export interface Unit {
  readonly symbol: string;
  /** The dimension's name (`length`, `speed`, …); equal names mean convertible units. */
  readonly dimension: Dimension;
  readonly powers: Powers;
  /** Base units per one of this unit. */
  readonly factor: number;
  /** Added after scaling (temperature scales only). */
  readonly offset: number;
  /** Calendar units (month, year) add to dates by the calendar, not by a fixed length. */
  readonly calendar?: 'month' | 'year';
}

const BASE_ORDER: readonly BaseQuantity[] = ['M', 'L', 'T', 'D', 'K'];

const NAMED_DIMENSIONS: Readonly<Record<string, string>> = {
  L1: 'length',
  M1: 'mass',
  T1: 'time',
  D1: 'data',
  K1: 'temperature',
  L2: 'area',
  L3: 'volume',
  'L1T-1': 'speed',
  'L1T-2': 'acceleration',
  'D1T-1': 'data rate',
  'T-1': 'frequency',
  'M1L1T-2': 'force',
  'M1L2T-2': 'energy',
  'M1L2T-3': 'power',
  'M1L-1T-2': 'pressure',
  '': 'number',
};

function signatureOf(powers: Powers): string {
  return BASE_ORDER.filter((base) => (powers[base] ?? 0) !== 0)
    .map((base) => `${base}${powers[base]}`)
    .join('');
}

/** The name of a dimension: `speed`, or its powers (`M1L-3`) when it has no common name. */
export function nameDimension(powers: Powers): Dimension {
  const signature = signatureOf(powers);
  return NAMED_DIMENSIONS[signature] ?? signature;
}

function readPowers(text: string): Powers {
  const powers: Partial<Record<BaseQuantity, number>> = {};
  for (const match of text.matchAll(/([LMTDK])(-?\d*)/g)) {
    powers[match[1] as BaseQuantity] = match[2] === '' ? 1 : Number(match[2]);
  }
  return powers;
}

const DAY = 86_400;
const LITRE = 0.001;
const GALLON = 3.785411784 * LITRE;

interface UnitRow {
  symbol: string;
  aliases?: string[];
  dims: string;
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
    dims: 'L',
    factor: 0.001,
  },
  {
    symbol: 'cm',
    aliases: ['centimeter', 'centimeters', 'centimetre', 'centimetres'],
    dims: 'L',
    factor: 0.01,
  },
  { symbol: 'm', aliases: ['meter', 'meters', 'metre', 'metres'], dims: 'L', factor: 1 },
  { symbol: 'km', aliases: ['kilometer', 'kilometers', 'kilometre', 'kilometres'], dims: 'L', factor: 1000 },
  { symbol: 'inch', aliases: ['inches'], dims: 'L', factor: 0.0254 },
  { symbol: 'ft', aliases: ['foot', 'feet'], dims: 'L', factor: 0.3048 },
  { symbol: 'yd', aliases: ['yard', 'yards'], dims: 'L', factor: 0.9144 },
  { symbol: 'mi', aliases: ['mile', 'miles'], dims: 'L', factor: 1609.344 },
  { symbol: 'nmi', aliases: ['nauticalmile'], dims: 'L', factor: 1852 },
  { symbol: 'mg', aliases: ['milligram', 'milligrams'], dims: 'M', factor: 1e-6 },
  { symbol: 'g', aliases: ['gram', 'grams'], dims: 'M', factor: 0.001 },
  { symbol: 'kg', aliases: ['kilogram', 'kilograms'], dims: 'M', factor: 1 },
  { symbol: 't', aliases: ['tonne', 'tonnes'], dims: 'M', factor: 1000 },
  { symbol: 'oz', aliases: ['ounce', 'ounces'], dims: 'M', factor: 0.028349523125 },
  { symbol: 'lb', aliases: ['lbs', 'pound', 'pounds'], dims: 'M', factor: 0.45359237 },
  { symbol: 'st', aliases: ['stone'], dims: 'M', factor: 6.35029318 },
  { symbol: 'ms', aliases: ['millisecond', 'milliseconds'], dims: 'T', factor: 0.001 },
  { symbol: 's', aliases: ['sec', 'secs', 'second', 'seconds'], dims: 'T', factor: 1 },
  { symbol: 'min', aliases: ['mins', 'minute', 'minutes'], dims: 'T', factor: 60 },
  { symbol: 'h', aliases: ['hr', 'hrs', 'hour', 'hours'], dims: 'T', factor: 3600 },
  { symbol: 'day', aliases: ['d', 'days'], dims: 'T', factor: DAY },
  { symbol: 'week', aliases: ['weeks', 'wk'], dims: 'T', factor: 7 * DAY },
  // A month and a year convert by the mean Gregorian length; added to a date they follow the calendar.
  { symbol: 'month', aliases: ['months'], dims: 'T', factor: 30.436875 * DAY, calendar: 'month' },
  { symbol: 'year', aliases: ['years', 'yr'], dims: 'T', factor: 365.2425 * DAY, calendar: 'year' },
  { symbol: 'bit', aliases: ['bits'], dims: 'D', factor: 0.125 },
  { symbol: 'kbit', aliases: ['Kbit', 'kb'], dims: 'D', factor: 125 },
  { symbol: 'Mbit', aliases: ['Mb'], dims: 'D', factor: 125e3 },
  { symbol: 'Gbit', aliases: ['Gb'], dims: 'D', factor: 125e6 },
  { symbol: 'Tbit', aliases: ['Tb'], dims: 'D', factor: 125e9 },
  { symbol: 'B', aliases: ['byte', 'bytes'], dims: 'D', factor: 1 },
  { symbol: 'KB', aliases: ['kB'], dims: 'D', factor: 1e3 },
  { symbol: 'MB', dims: 'D', factor: 1e6 },
  { symbol: 'GB', dims: 'D', factor: 1e9 },
  { symbol: 'TB', dims: 'D', factor: 1e12 },
  { symbol: 'PB', dims: 'D', factor: 1e15 },
  { symbol: 'KiB', dims: 'D', factor: 1024 },
  { symbol: 'MiB', dims: 'D', factor: 1024 ** 2 },
  { symbol: 'GiB', dims: 'D', factor: 1024 ** 3 },
  { symbol: 'TiB', dims: 'D', factor: 1024 ** 4 },
  { symbol: 'kbps', dims: 'D1T-1', factor: 125 },
  { symbol: 'Mbps', dims: 'D1T-1', factor: 125e3 },
  { symbol: 'Gbps', dims: 'D1T-1', factor: 125e6 },
  { symbol: 'K', aliases: ['kelvin'], dims: 'K', factor: 1 },
  { symbol: '°C', aliases: ['ºC', 'degC', 'celsius'], dims: 'K', factor: 1, offset: 273.15 },
  {
    symbol: '°F',
    aliases: ['ºF', 'degF', 'fahrenheit'],
    dims: 'K',
    factor: 5 / 9,
    offset: 273.15 - (32 * 5) / 9,
  },
  // Area.
  { symbol: 'mm2', aliases: ['mm²'], dims: 'L2', factor: 1e-6 },
  { symbol: 'cm2', aliases: ['cm²'], dims: 'L2', factor: 1e-4 },
  { symbol: 'm2', aliases: ['m²', 'sqm'], dims: 'L2', factor: 1 },
  { symbol: 'km2', aliases: ['km²'], dims: 'L2', factor: 1e6 },
  { symbol: 'ha', aliases: ['hectare', 'hectares'], dims: 'L2', factor: 1e4 },
  { symbol: 'acre', aliases: ['acres'], dims: 'L2', factor: 4046.8564224 },
  { symbol: 'ft2', aliases: ['ft²', 'sqft'], dims: 'L2', factor: 0.09290304 },
  { symbol: 'sqin', aliases: ['inch2'], dims: 'L2', factor: 0.00064516 },
  { symbol: 'mi2', aliases: ['mi²', 'sqmi'], dims: 'L2', factor: 2589988.110336 },
  // Volume.
  {
    symbol: 'mL',
    aliases: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres'],
    dims: 'L3',
    factor: 1e-3 * LITRE,
  },
  { symbol: 'cL', aliases: ['cl'], dims: 'L3', factor: 1e-2 * LITRE },
  { symbol: 'dL', aliases: ['dl'], dims: 'L3', factor: 1e-1 * LITRE },
  { symbol: 'L', aliases: ['l', 'liter', 'liters', 'litre', 'litres'], dims: 'L3', factor: LITRE },
  { symbol: 'm3', aliases: ['m³'], dims: 'L3', factor: 1 },
  { symbol: 'cm3', aliases: ['cm³', 'cc'], dims: 'L3', factor: 1e-6 },
  { symbol: 'gal', aliases: ['gallon', 'gallons'], dims: 'L3', factor: GALLON },
  { symbol: 'qt', aliases: ['quart', 'quarts'], dims: 'L3', factor: GALLON / 4 },
  { symbol: 'pint', aliases: ['pints'], dims: 'L3', factor: GALLON / 8 },
  { symbol: 'cup', aliases: ['cups'], dims: 'L3', factor: GALLON / 16 },
  { symbol: 'floz', aliases: ['fl_oz'], dims: 'L3', factor: GALLON / 128 },
  { symbol: 'tbsp', aliases: ['tablespoon', 'tablespoons'], dims: 'L3', factor: GALLON / 256 },
  { symbol: 'tsp', aliases: ['teaspoon', 'teaspoons'], dims: 'L3', factor: GALLON / 768 },
  // Speed (km/h and m/s are compound units).
  { symbol: 'mph', dims: 'L1T-1', factor: 1609.344 / 3600 },
  { symbol: 'kph', aliases: ['kmh'], dims: 'L1T-1', factor: 1000 / 3600 },
  { symbol: 'knot', aliases: ['knots', 'kn'], dims: 'L1T-1', factor: 1852 / 3600 },
  // Frequency, force, energy, power, pressure.
  { symbol: 'Hz', aliases: ['hertz'], dims: 'T-1', factor: 1 },
  { symbol: 'kHz', dims: 'T-1', factor: 1e3 },
  { symbol: 'MHz', dims: 'T-1', factor: 1e6 },
  { symbol: 'GHz', dims: 'T-1', factor: 1e9 },
  { symbol: 'N', aliases: ['newton', 'newtons'], dims: 'M1L1T-2', factor: 1 },
  { symbol: 'kN', dims: 'M1L1T-2', factor: 1e3 },
  { symbol: 'J', aliases: ['joule', 'joules'], dims: 'M1L2T-2', factor: 1 },
  { symbol: 'kJ', dims: 'M1L2T-2', factor: 1e3 },
  { symbol: 'MJ', dims: 'M1L2T-2', factor: 1e6 },
  { symbol: 'Wh', dims: 'M1L2T-2', factor: 3600 },
  { symbol: 'kWh', dims: 'M1L2T-2', factor: 3.6e6 },
  { symbol: 'MWh', dims: 'M1L2T-2', factor: 3.6e9 },
  { symbol: 'cal', aliases: ['calorie', 'calories'], dims: 'M1L2T-2', factor: 4.184 },
  { symbol: 'kcal', aliases: ['Cal'], dims: 'M1L2T-2', factor: 4184 },
  { symbol: 'BTU', aliases: ['btu'], dims: 'M1L2T-2', factor: 1055.05585262 },
  { symbol: 'W', aliases: ['watt', 'watts'], dims: 'M1L2T-3', factor: 1 },
  { symbol: 'kW', dims: 'M1L2T-3', factor: 1e3 },
  { symbol: 'MW', dims: 'M1L2T-3', factor: 1e6 },
  { symbol: 'hp', aliases: ['horsepower'], dims: 'M1L2T-3', factor: 745.69987158227 },
  { symbol: 'Pa', aliases: ['pascal'], dims: 'M1L-1T-2', factor: 1 },
  { symbol: 'hPa', dims: 'M1L-1T-2', factor: 100 },
  { symbol: 'kPa', dims: 'M1L-1T-2', factor: 1e3 },
  { symbol: 'MPa', dims: 'M1L-1T-2', factor: 1e6 },
  { symbol: 'bar', dims: 'M1L-1T-2', factor: 1e5 },
  { symbol: 'mbar', dims: 'M1L-1T-2', factor: 100 },
  { symbol: 'psi', dims: 'M1L-1T-2', factor: 6894.757293168 },
  { symbol: 'atm', dims: 'M1L-1T-2', factor: 101325 },
  { symbol: 'mmHg', dims: 'M1L-1T-2', factor: 133.322387415 },
];

const table = new Map<string, Unit>();
for (const row of rows) {
  const powers = readPowers(row.dims);
  const unit: Unit = {
    symbol: row.symbol,
    dimension: nameDimension(powers),
    powers,
    factor: row.factor,
    offset: row.offset ?? 0,
    ...(row.calendar ? { calendar: row.calendar } : {}),
  };
  for (const name of [row.symbol, ...(row.aliases ?? [])]) table.set(name, unit);
}

/**
 * Combines two units into their product (`sign` 1) or quotient (`sign` -1): `km` and `h` with
 * -1 give `km/h`. Undefined when a scale with an offset (°C, °F) takes part: a product of
 * temperatures on those scales means nothing; use K.
 *
 * @example
 * combineUnits(findUnit('km')!, findUnit('h')!, -1)?.dimension; // 'speed'
 */
export function combineUnits(left: Unit, right: Unit, sign: 1 | -1): Unit | undefined {
  if (left.offset !== 0 || right.offset !== 0) return undefined;
  const powers: Partial<Record<BaseQuantity, number>> = {};
  for (const base of BASE_ORDER) {
    const power = (left.powers[base] ?? 0) + sign * (right.powers[base] ?? 0);
    if (power !== 0) powers[base] = power;
  }
  const rightSymbol = sign === -1 && /[/·]/.test(right.symbol) ? `(${right.symbol})` : right.symbol;
  return {
    symbol: `${left.symbol}${sign === 1 ? '·' : '/'}${rightSymbol}`,
    dimension: nameDimension(powers),
    powers,
    factor: sign === 1 ? left.factor * right.factor : left.factor / right.factor,
    offset: 0,
  };
}

/** A unit raised to a whole power: `m^2`. */
function powerOf(unit: Unit, power: number): Unit | undefined {
  if (unit.offset !== 0 || !Number.isInteger(power) || power < 1 || power > 4) return undefined;
  let result = unit;
  for (let index = 1; index < power; index++) {
    const next = combineUnits(result, unit, 1);
    if (!next) return undefined;
    result = next;
  }
  return { ...result, symbol: `${unit.symbol}^${power}` };
}

/** One factor of a compound unit: `km`, `m^2`. */
function readFactor(text: string): Unit | undefined {
  const match = /^([^\s^*/·]+)(?:\^(\d))?$/.exec(text);
  if (!match) return undefined;
  const unit = table.get(match[1] as string);
  if (!unit) return undefined;
  return match[2] === undefined ? unit : powerOf(unit, Number(match[2]));
}

/**
 * Looks a unit up by symbol or alias (case-sensitive), or builds a compound one from units
 * joined by `/` and `*` with optional whole powers (`km/h`, `GB/s`, `m/s^2`, `kW*h`);
 * `undefined` when unknown.
 *
 * @example
 * findUnit('KiB')?.factor; // 1024
 * findUnit('km/h')?.dimension; // 'speed'
 */
export function findUnit(name: string): Unit | undefined {
  const named = table.get(name);
  if (named) return named;
  const parts = name.split(/([*/·])/);
  let unit = readFactor(parts[0] as string);
  for (let index = 1; unit && index < parts.length; index += 2) {
    const next = readFactor(parts[index + 1] as string);
    unit = next ? combineUnits(unit, next, parts[index] === '/' ? -1 : 1) : undefined;
  }
  if (!unit) return undefined;
  return parts.length > 1 ? { ...unit, symbol: name } : unit;
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
