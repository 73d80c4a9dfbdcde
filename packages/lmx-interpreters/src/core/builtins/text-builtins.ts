import { ScriptFault } from '../../errors.js';
import { formatValue } from '../format-value.js';
import type { RunContext } from '../run-context.js';
import type { NativeFunction, Value } from '../values.js';
import { expectInteger, expectList, expectNumber, expectString } from './arguments.js';
import { defineBuiltin } from './builtin-registry.js';
import { codePointLength, sliceCodePoints } from './code-points.js';

/**
 * String builtins: `str`, `upper`, `lower`, `trim`, `split`, `join`, `replace`,
 * `contains`, `starts_with`, `ends_with`, `repeat`, `slice` (by code points), `pad_left`,
 * `pad_right`, `fixed`. Results respect the string and
 * list limits; a builtin that can grow text checks the length it would reach before it
 * builds it (`upper`/`lower`, which grow a string at most threefold, check after).
 *
 * @example
 * ```ts
 * createBuiltinRegistry(TEXT_BUILTINS).get('upper');
 * ```
 */
export const TEXT_BUILTINS: readonly NativeFunction[] = [
  defineBuiltin('str', [1, 1], ([value], context) => context.format(value ?? null)),
  defineBuiltin('upper', [1, 1], ([text], context) =>
    context.checkString(expectString(text, 'upper').toUpperCase()),
  ),
  defineBuiltin('lower', [1, 1], ([text], context) =>
    context.checkString(expectString(text, 'lower').toLowerCase()),
  ),
  defineBuiltin('trim', [1, 1], ([text]) => expectString(text, 'trim').trim()),
  defineBuiltin('split', [2, 2], ([text, separator], context) => {
    const parts = expectString(text, 'split').split(expectString(separator, 'split', 2));
    context.checkListSize(parts.length);
    return parts;
  }),
  defineBuiltin('join', [1, 2], ([list, separator], context) => {
    const items = expectList(list, 'join');
    const glue = separator === undefined ? '' : expectString(separator, 'join', 2);
    context.spend(items.length);
    const limit = context.limits.stringLength;
    const parts: string[] = [];
    let length = 0;
    for (let index = 0; index < items.length; index++) {
      const part = formatValue(items[index] ?? null, limit);
      length += part.length + (index > 0 ? glue.length : 0);
      context.checkStringLength(length);
      parts.push(part);
    }
    return parts.join(glue);
  }),
  defineBuiltin('replace', [3, 3], ([text, search, replacement], context) => {
    const source = expectString(text, 'replace');
    const needle = expectString(search, 'replace', 2);
    const insert = expectString(replacement, 'replace', 3);
    context.checkStringLength(replacedLength(source, needle, insert, context));
    return source.replaceAll(needle, () => insert);
  }),
  defineBuiltin('contains', [2, 2], ([text, part]) => {
    if (Array.isArray(text)) return text.some((item) => item === part);
    return expectString(text, 'contains').includes(expectString(part, 'contains', 2));
  }),
  defineBuiltin('starts_with', [2, 2], ([text, part]) =>
    expectString(text, 'starts_with').startsWith(expectString(part, 'starts_with', 2)),
  ),
  defineBuiltin('ends_with', [2, 2], ([text, part]) =>
    expectString(text, 'ends_with').endsWith(expectString(part, 'ends_with', 2)),
  ),
  defineBuiltin('repeat', [2, 2], ([text, count], context) => {
    const piece = expectString(text, 'repeat');
    const times = Math.max(0, expectInteger(count, 'repeat', 2));
    context.checkStringLength(piece.length * times);
    return piece.repeat(times);
  }),
  defineBuiltin('slice', [2, 3], ([value, start, end]) => {
    const from = expectInteger(start, 'slice', 2);
    const to = end === undefined || end === null ? undefined : expectInteger(end, 'slice', 3);
    if (Array.isArray(value)) return value.slice(from, to);
    return sliceCodePoints(expectString(value, 'slice'), from, to);
  }),
  defineBuiltin('pad_left', [2, 3], ([value, width, fill], context) =>
    pad(value ?? null, width, fill, 'pad_left', context),
  ),
  defineBuiltin('pad_right', [2, 3], ([value, width, fill], context) =>
    pad(value ?? null, width, fill, 'pad_right', context),
  ),
  defineBuiltin('fixed', [2, 2], ([value, digits]) => {
    const number = expectNumber(value, 'fixed');
    const places = expectInteger(digits, 'fixed', 2);
    if (places < 0 || places > 20)
      throw new ScriptFault('E_RUNTIME', `fixed expects 0 to 20 digits as argument 2 but got ${places}`);
    return number.toFixed(places);
  }),
];

/**
 * `pad_left(value, width, fill)` / `pad_right`: the value as text, padded with `fill` (a space
 * by default) to `width` code points; longer text is kept whole.
 */
function pad(
  value: Value,
  width: Value | undefined,
  fill: Value | undefined,
  name: string,
  context: RunContext,
): string {
  const text = context.format(value);
  const size = expectInteger(width, name, 2);
  const piece = fill === undefined ? ' ' : expectString(fill, name, 3);
  if (piece === '')
    throw new ScriptFault('E_RUNTIME', `${name} expects a non-empty fill as argument 3 but got ""`);
  const missing = size - codePointLength(text);
  if (missing <= 0) return text;
  context.checkStringLength(text.length + missing * piece.length);
  const padding = sliceCodePoints(piece.repeat(Math.ceil(missing / codePointLength(piece))), 0, missing);
  return name === 'pad_left' ? padding + text : text + padding;
}

/**
 * The length `replace` would produce, counted before building it: an empty needle matches
 * before every character and at the end (`text.length + 1` times).
 */
function replacedLength(source: string, needle: string, insert: string, context: RunContext): number {
  if (needle === '') return source.length + (source.length + 1) * insert.length;
  if (insert.length <= needle.length) return source.length;
  let matches = 0;
  for (let at = source.indexOf(needle); at !== -1; at = source.indexOf(needle, at + needle.length)) {
    matches++;
  }
  context.spend(matches);
  return source.length + matches * (insert.length - needle.length);
}
