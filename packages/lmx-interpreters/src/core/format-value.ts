import { formatNumber } from './numeric.js';
import { isOpaque, NativeFunction, ScriptFunction, ScriptMap, type Value } from './values.js';

const MAX_FORMAT_DEPTH = 32;

/**
 * Formats a value the way `print` shows it: strings bare at the top level and quoted
 * inside lists and maps; lists `[1, 2]`; maps `{a: 1}`. Very deep or cyclic values print
 * `…` past 32 levels instead of recursing forever.
 *
 * @example
 * ```ts
 * formatValue([1, 'a', null]); // '[1, "a", null]'
 * ```
 */
export function formatValue(value: Value): string {
  return typeof value === 'string' ? value : formatNested(value, 0);
}

/**
 * Formats a value with strings quoted, as it appears inside a list.
 *
 * @example
 * ```ts
 * formatLiteral('a'); // '"a"'
 * ```
 */
export function formatLiteral(value: Value): string {
  return formatNested(value, 0);
}

function formatNested(value: Value, depth: number): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return String(value);
    case 'number':
      return formatNumber(value);
    case 'string':
      return JSON.stringify(value);
  }
  if (depth >= MAX_FORMAT_DEPTH) return '…';
  if (Array.isArray(value)) return `[${value.map((item) => formatNested(item, depth + 1)).join(', ')}]`;
  if (value instanceof ScriptMap) {
    const parts: string[] = [];
    for (const [key, item] of value.entries)
      parts.push(`${formatKey(key)}: ${formatNested(item, depth + 1)}`);
    return `{${parts.join(', ')}}`;
  }
  if (value instanceof ScriptFunction || value instanceof NativeFunction) return `<fn ${value.name}>`;
  if (isOpaque(value)) return value.format();
  return '?';
}

function formatKey(key: string): string {
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(key) ? key : JSON.stringify(key);
}
