/**
 * PostgreSQL cannot hold NUL in text, and its jsonb refuses `\u0000` and unpaired UTF-16
 * surrogates; one such string in a stored body would make every JSON query over its collection
 * fail. So the data layer refuses them at the door, on both dialects alike.
 */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True when `text` can be stored and compared on every supported database.
 *
 * @example
 * isStorableText('café ☕'); // true
 * isStorableText('a\u0000b'); // false
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}
