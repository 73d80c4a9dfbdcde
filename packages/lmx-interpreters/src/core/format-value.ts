import { stringLimitFault } from './limit-faults.js';
import { formatNumber } from './numeric.js';
import { isOpaque, NativeFunction, ScriptFunction, ScriptMap, type Value } from './values.js';

const MAX_FORMAT_DEPTH = 32;

/**
 * Formats a value the way `print` shows it: strings bare at the top level and quoted
 * inside lists and maps; lists `[1, 2]`; maps `{a: 1}`. Very deep or cyclic values print
 * `…` past 32 levels instead of recursing forever. The text is never built past
 * `maxLength` characters: a longer one fails with `E_LIMIT_STRING` as soon as it would pass
 * it (pass the run's `limits.stringLength`), so a list holding the same long string many
 * times cannot make the interpreter build a giant string.
 *
 * @example
 * ```ts
 * formatValue([1, 'a', null]); // '[1, "a", null]'
 * formatValue(list, context.limits.stringLength);
 * ```
 */
export function formatValue(value: Value, maxLength = Number.MAX_SAFE_INTEGER): string {
  if (typeof value === 'string') {
    if (value.length > maxLength) throw stringLimitFault(maxLength);
    return value;
  }
  return formatLiteral(value, maxLength);
}

/**
 * Formats a value with strings quoted, as it appears inside a list; bounded by `maxLength`
 * like {@link formatValue}.
 *
 * @example
 * ```ts
 * formatLiteral('a'); // '"a"'
 * ```
 */
export function formatLiteral(value: Value, maxLength = Number.MAX_SAFE_INTEGER): string {
  if (value === null || typeof value !== 'object') {
    const text = formatScalar(value);
    if (text.length > maxLength) throw stringLimitFault(maxLength);
    return text;
  }
  const writer = new BoundedText(maxLength);
  writeNested(value, 0, writer);
  return writer.parts.join('');
}

/**
 * Formats several values separated by `separator` (a `print a, b` line), each bounded as in
 * {@link formatValue} and the whole line never built past `maxLength`.
 *
 * @example
 * ```ts
 * formatValues([1, 'a'], ' ', 100); // '1 a'
 * ```
 */
export function formatValues(values: readonly Value[], separator: string, maxLength: number): string {
  if (values.length === 1) return formatValue(values[0] as Value, maxLength);
  const writer = new BoundedText(maxLength);
  values.forEach((value, index) => {
    if (index > 0) writer.add(separator);
    writer.add(formatValue(value, maxLength));
  });
  return writer.parts.join('');
}

/**
 * The start of a value's literal text, at most `maxLength` characters followed by `…` when
 * it is longer — for messages and summaries; never builds more than that.
 *
 * @example
 * ```ts
 * formatPreview(['a'.repeat(500)], 10); // '["aaaaaaaa…'
 * ```
 */
export function formatPreview(value: Value, maxLength: number): string {
  const writer = new BoundedText(maxLength, true);
  try {
    writeNested(value, 0, writer);
  } catch (error) {
    if (error !== FULL) throw error;
    return `${writer.parts.join('')}…`;
  }
  return writer.parts.join('');
}

/** Thrown by a truncating {@link BoundedText} once it is full. */
const FULL = Symbol('full');

/**
 * Pieces of text with their running length, failing before the length passes the bound —
 * or, when truncating, keeping what fits and stopping.
 */
class BoundedText {
  readonly parts: string[] = [];
  length = 0;

  constructor(
    readonly maxLength: number,
    private readonly truncate = false,
  ) {}

  add(text: string): void {
    if (this.length + text.length > this.maxLength) {
      if (!this.truncate) throw stringLimitFault(this.maxLength);
      this.parts.push(text.slice(0, this.maxLength - this.length));
      this.length = this.maxLength;
      throw FULL;
    }
    this.length += text.length;
    this.parts.push(text);
  }
}

function formatScalar(value: null | boolean | number | string): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

function writeNested(value: Value, depth: number, writer: BoundedText): void {
  if (value === null || typeof value !== 'object') {
    // A quoted string is at least two characters longer than its text: refuse before quoting.
    if (typeof value === 'string' && writer.length + value.length + 2 > writer.maxLength)
      writer.add(`"${value.slice(0, writer.maxLength - writer.length)}`);
    writer.add(formatScalar(value));
    return;
  }
  if (depth >= MAX_FORMAT_DEPTH) {
    writer.add('…');
    return;
  }
  if (Array.isArray(value)) {
    writer.add('[');
    for (let index = 0; index < value.length; index++) {
      if (index > 0) writer.add(', ');
      writeNested(value[index] as Value, depth + 1, writer);
    }
    writer.add(']');
    return;
  }
  if (value instanceof ScriptMap) {
    writer.add('{');
    let first = true;
    for (const [key, item] of value.entries) {
      writer.add(first ? '' : ', ');
      first = false;
      writer.add(`${formatKey(key)}: `);
      writeNested(item, depth + 1, writer);
    }
    writer.add('}');
    return;
  }
  if (value instanceof ScriptFunction || value instanceof NativeFunction) {
    writer.add(`<fn ${value.name}>`);
    return;
  }
  writer.add(isOpaque(value) ? value.format() : '?');
}

function formatKey(key: string): string {
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(key) ? key : JSON.stringify(key);
}
