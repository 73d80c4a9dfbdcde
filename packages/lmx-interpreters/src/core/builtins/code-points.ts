/** True when a string holds a surrogate (a code point beyond U+FFFF, such as an emoji). */
const SURROGATE = /[\uD800-\uDFFF]/;

// `s[i]` and `len(s)` in a loop ask about the same string again and again: the last one's code
// points are kept (undefined: it has no surrogates, code units are code points).
let lastText = '';
let lastPoints: string[] | undefined;

function codePointsOf(text: string): string[] | undefined {
  if (text === lastText) return lastPoints;
  lastText = text;
  lastPoints = SURROGATE.test(text) ? Array.from(text) : undefined;
  return lastPoints;
}

/**
 * The length of a string in code points, so an emoji counts as one character.
 *
 * @example
 * ```ts
 * codePointLength('a😀'); // 2
 * ```
 */
export function codePointLength(text: string): number {
  return codePointsOf(text)?.length ?? text.length;
}

/**
 * A slice of a string by code points (negative indices count from the end), never splitting an
 * emoji.
 *
 * @example
 * ```ts
 * sliceCodePoints('😀ab', 0, 1); // '😀'
 * ```
 */
export function sliceCodePoints(text: string, start: number, end?: number): string {
  if (!SURROGATE.test(text)) return text.slice(start, end);
  return Array.from(text).slice(start, end).join('');
}

/**
 * The code point at a code-point index, as a string ('' outside the string).
 *
 * @example
 * ```ts
 * codePointAt('a😀b', 1); // '😀'
 * ```
 */
export function codePointAt(text: string, index: number): string {
  const points = codePointsOf(text);
  return points === undefined ? text.charAt(index) : (points[index] ?? '');
}

/**
 * The code-point index of `part` in `text`, or -1.
 *
 * @example
 * ```ts
 * indexOfCodePoints('😀ab', 'b'); // 2
 * ```
 */
export function indexOfCodePoints(text: string, part: string): number {
  const at = text.indexOf(part);
  if (at <= 0 || !SURROGATE.test(text)) return at;
  return codePointLength(text.slice(0, at));
}
