import { ScriptFault } from '../errors.js';
import type { JsonValue } from '../ports/json-value.js';
import { isOpaque, NativeFunction, ScriptFunction, ScriptMap, type Value } from './values.js';

export type { JsonValue };

/** A bound on the JSON text of converted data: past `maxChars` characters, `fault()` is thrown. */
export interface JsonBound {
  maxChars: number;
  fault(): ScriptFault;
}

const MAX_DEPTH = 64;

/**
 * Turns JSON data (a run's `input`, a bridge's answer) into script values: objects become
 * {@link ScriptMap}s, so no host object or prototype reaches the script; anything that is
 * not JSON becomes null. A number that is not finite (JSON has none, but host data may)
 * fails with `E_INPUT` naming where it is, as data nested past 64 levels does.
 *
 * @example
 * ```ts
 * fromJson({ a: [1, 2] }); // ScriptMap { a: [1, 2] }
 * ```
 */
export function fromJson(data: unknown): Value {
  return convertFromJson(data, 0, '$');
}

function convertFromJson(data: unknown, depth: number, path: string): Value {
  if (data === null || data === undefined) return null;
  switch (typeof data) {
    case 'boolean':
    case 'string':
      return data;
    case 'number':
      if (!Number.isFinite(data)) throw nonFiniteFault('E_INPUT', 'the data', path);
      return data === 0 ? 0 : data;
    case 'object':
      break;
    default:
      return null;
  }
  if (depth >= MAX_DEPTH) throw new ScriptFault('E_INPUT', `data nested more than ${MAX_DEPTH} levels deep`);
  if (Array.isArray(data))
    return data.map((item, index) => convertFromJson(item, depth + 1, `${path}[${index}]`));
  const map = new ScriptMap();
  for (const key of Object.keys(data))
    map.set(key, convertFromJson((data as Record<string, unknown>)[key], depth + 1, pathOf(path, key)));
  return map;
}

/**
 * Where JSON-shaped data holds a number that is not finite (`$.a[2]`), or undefined when it
 * holds none. Data past 64 levels is not looked into (converting it fails anyway).
 *
 * @example
 * ```ts
 * findNonFiniteNumber({ a: [1, Infinity] }); // '$.a[1]'
 * ```
 */
export function findNonFiniteNumber(data: unknown, path = '$', depth = 0): string | undefined {
  if (typeof data === 'number') return Number.isFinite(data) ? undefined : path;
  if (data === null || typeof data !== 'object' || depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(data)) {
    for (let index = 0; index < data.length; index++) {
      const found = findNonFiniteNumber(data[index], `${path}[${index}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(data)) {
    const found = findNonFiniteNumber((data as Record<string, unknown>)[key], pathOf(path, key), depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The fault of a number that is not finite found in data at `path`.
 *
 * @example
 * ```ts
 * throw nonFiniteFault('E_INPUT', 'input', '$.a');
 * ```
 */
export function nonFiniteFault(code: 'E_INPUT' | 'E_RUNTIME', what: string, path: string): ScriptFault {
  return new ScriptFault(
    code,
    `${what} holds a number that is not finite at ${path} (numbers are finite: at most about 1.8e308)`,
  );
}

function pathOf(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/**
 * Turns a script value into JSON data for a run's `value` or a bridge call. Maps become
 * null-prototype objects (so a `__proto__` key stays an ordinary key); functions become
 * `"<fn name>"`; cycles and nesting past 64 levels fail with `E_RUNTIME`. With a `bound`,
 * the length of the data's JSON text is counted as it is converted (one walk, nothing
 * serialised) and `bound.fault()` is thrown as soon as it passes `bound.maxChars` — a list
 * holding the same long string many times is stopped without ever being written out.
 *
 * @example
 * ```ts
 * toJson(new ScriptMap([['a', 1]])); // { a: 1 }
 * ```
 */
export function toJson(value: Value, bound?: JsonBound): JsonValue {
  return convertToJson(value, 0, bound ? { used: 0, bound } : undefined);
}

interface JsonCounter {
  used: number;
  bound: JsonBound;
}

function count(counter: JsonCounter | undefined, chars: number): void {
  if (!counter) return;
  counter.used += chars;
  if (counter.used > counter.bound.maxChars) throw counter.bound.fault();
}

function convertToJson(value: Value, depth: number, counter: JsonCounter | undefined): JsonValue {
  if (value === null || typeof value !== 'object') {
    count(counter, scalarJsonLength(value));
    return value;
  }
  if (depth >= MAX_DEPTH)
    throw new ScriptFault('E_RUNTIME', `value nested more than ${MAX_DEPTH} levels deep (or cyclic)`);
  if (Array.isArray(value)) {
    count(counter, 2 + Math.max(0, value.length - 1));
    const list: JsonValue[] = new Array(value.length);
    for (let index = 0; index < value.length; index++)
      list[index] = convertToJson(value[index] as Value, depth + 1, counter);
    return list;
  }
  if (value instanceof ScriptMap) {
    count(counter, 2 + Math.max(0, value.size - 1));
    const object = Object.create(null) as Record<string, JsonValue>;
    for (const [key, item] of value.entries) {
      count(counter, stringJsonLength(key) + 1);
      object[key] = convertToJson(item, depth + 1, counter);
    }
    return object;
  }
  if (value instanceof ScriptFunction || value instanceof NativeFunction) {
    const text = `<fn ${value.name}>`;
    count(counter, stringJsonLength(text));
    return text;
  }
  if (isOpaque(value)) {
    const data = value.toJson() as JsonValue;
    if (counter) count(counter, measureJson(data, counter.bound.maxChars - counter.used));
    return data;
  }
  count(counter, 4);
  return null;
}

/**
 * The length of the JSON text of plain data (what `JSON.stringify` would write), counted
 * without writing it; counting stops as soon as it passes `stopAbove`, so the answer is
 * then some number above it. Used to bound data before it leaves the worker.
 *
 * @example
 * ```ts
 * measureJson({ a: [1, 'x'] }); // 13, the length of '{"a":[1,"x"]}'
 * ```
 */
export function measureJson(data: unknown, stopAbove = Number.MAX_SAFE_INTEGER): number {
  const measured = { used: 0 };
  measureInto(data, 0, measured, stopAbove);
  return measured.used;
}

/** Adds the JSON length of `data` to `measured.used`; false once it passed `stopAbove`. */
function measureInto(data: unknown, depth: number, measured: { used: number }, stopAbove: number): boolean {
  if (data === null || typeof data !== 'object') {
    measured.used += scalarJsonLength(data);
    return measured.used <= stopAbove;
  }
  if (depth >= MAX_DEPTH) return true;
  const keys = Array.isArray(data) ? undefined : Object.keys(data);
  const size = keys ? keys.length : (data as unknown[]).length;
  measured.used += 2 + Math.max(0, size - 1);
  if (measured.used > stopAbove) return false;
  if (!keys) {
    for (const item of data as unknown[])
      if (!measureInto(item, depth + 1, measured, stopAbove)) return false;
    return true;
  }
  for (const key of keys) {
    measured.used += stringJsonLength(key) + 1;
    if (measured.used > stopAbove) return false;
    if (!measureInto((data as Record<string, unknown>)[key], depth + 1, measured, stopAbove)) return false;
  }
  return true;
}

function scalarJsonLength(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return stringJsonLength(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    default:
      return 4; // null, and what JSON writes as null
  }
}

// Characters JSON.stringify writes escaped: quotes, backslashes, controls, lone surrogates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what JSON escapes.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The length of a string's JSON text, quotes and escapes included. */
function stringJsonLength(text: string): number {
  if (!NEEDS_ESCAPE.test(text)) return text.length + 2;
  let length = 2;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22 || code === 0x5c || code === 0x08 || code === 0x09 || code === 0x0a) length += 2;
    else if (code === 0x0c || code === 0x0d) length += 2;
    else if (code < 0x20) length += 6;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length += 2;
        index++;
      } else length += 6;
    } else if (code >= 0xdc00 && code <= 0xdfff) length += 6;
    else length += 1;
  }
  return length;
}
