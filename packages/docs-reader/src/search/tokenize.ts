const WORD = /[\p{L}\p{N}_$]+(?:[-.][\p{L}\p{N}_$]+)*/gu;
const BOUNDARY = /[-._$]+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/**
 * Splits text into search terms, lower-cased. Identifiers are indexed whole and split:
 * `createDocsReader` gives `createdocsreader`, `create`, `docs`, `reader`; `rate_limit` gives
 * `rate_limit`, `rate`, `limit`; `spec-toolkit` gives `spec-toolkit`, `spec`, `toolkit`.
 * Repeats are kept (they are term frequencies).
 *
 * @example
 * tokenize('Use listEndpoints()'); // ['use', 'listendpoints', 'list', 'endpoints']
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const whole = word.toLowerCase();
    if (whole.length > 64) continue;
    terms.push(whole);
    const parts = word.split(BOUNDARY).filter((part) => part.length > 0);
    if (parts.length > 1) for (const part of parts) terms.push(part.toLowerCase());
  }
  return terms;
}

/** Words a question is full of and no page is about; dropped from queries that have other terms. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by can do does for from how i if in is it of on or so that the this to what when where which who why with you your my me we'.split(
    ' ',
  ),
);

/**
 * The distinct terms of a query, stop words dropped unless nothing else is left.
 *
 * @example
 * tokenizeQuery('how do I validate a spec?'); // ['validate', 'spec']
 */
export function tokenizeQuery(query: string): string[] {
  const all = [...new Set(tokenize(query))];
  const kept = all.filter((term) => !STOP_WORDS.has(term));
  return kept.length > 0 ? kept : all;
}
