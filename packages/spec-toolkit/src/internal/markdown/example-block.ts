import { isPlainObject } from '../json-pointer.js';
import { toFencedBlock } from './markdown-text.js';

/** Limits applied to examples shown in Markdown. */
export interface ExampleLimits {
  maxArrayItems: number;
  maxChars: number;
}

/**
 * Copies a JSON value keeping at most `maxItems` items per array (explicit examples can be long lists).
 *
 * @example
 * ```ts
 * trimArrays({ a: [1, 2, 3] }, 2); // { a: [1, 2] }
 * ```
 */
export function trimArrays(value: unknown, maxItems: number, depth = 0): unknown {
  if (depth > 64) return null;
  if (Array.isArray(value))
    return value.slice(0, maxItems).map((item) => trimArrays(item, maxItems, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = trimArrays(item, maxItems, depth + 1);
  return out;
}

/**
 * A fenced code block holding at most `maxChars` characters of `text`, cut at a line end when
 * possible, followed by a visible note saying how much was left out.
 *
 * @example
 * ```ts
 * renderCappedBlock(longJson, 'json', 2000); // ```json … ``` then '_… truncated (N more characters)._'
 * ```
 */
export function renderCappedBlock(text: string, language: string, maxChars: number): string {
  if (text.length <= maxChars) return toFencedBlock(text, language);
  const lineEnd = text.lastIndexOf('\n', maxChars);
  const cut = lineEnd > maxChars / 2 ? lineEnd : maxChars;
  const hidden = text.length - cut;
  return `${toFencedBlock(text.slice(0, cut), language)}\n\n_… truncated (${hidden} more characters)._`;
}

/**
 * A JSON example block: arrays trimmed, 2-space indentation, capped in size. Strings that are not JSON show as text.
 *
 * @example
 * ```ts
 * renderJsonExample({ a: [1, 2, 3] }, { maxArrayItems: 2, maxChars: 2000 }); // a json block with [1, 2]
 * ```
 */
export function renderJsonExample(value: unknown, limits: ExampleLimits): string {
  if (typeof value === 'string') {
    const parsed = parseJsonText(value);
    if (parsed === undefined) return renderCappedBlock(value, 'text', limits.maxChars);
    value = parsed;
  }
  const text = JSON.stringify(trimArrays(value, limits.maxArrayItems), null, 2) ?? 'null';
  return renderCappedBlock(text, 'json', limits.maxChars);
}

/** Some specs write a JSON example as a string of JSON text; show it as the structure it is. */
function parseJsonText(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
