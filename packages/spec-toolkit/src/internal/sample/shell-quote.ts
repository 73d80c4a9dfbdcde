/** A piece of a shell word: literal text, or a variable the shell should expand (`$TOKEN`). */
export type ShellPart = string | { variable: string };

/** A word made of parts, as built by the request builder. */
export type ShellWord = readonly ShellPart[];

/**
 * Quotes one argument for a POSIX shell. Literal-only words are single-quoted (`'` written as
 * `'\''`), which the shell never interprets. Words with a variable are double-quoted so the
 * variable expands; every other `"`, `\`, backtick and `$` is escaped, and the variable is
 * braced when a name character follows it.
 *
 * @example
 * ```ts
 * quoteShellWord(["it's"]); // 'it'\''s'
 * quoteShellWord(['Authorization: Bearer ', { variable: 'TOKEN' }]); // "Authorization: Bearer $TOKEN"
 * ```
 */
export function quoteShellWord(word: ShellWord | string): string {
  const parts = typeof word === 'string' ? [word] : word;
  if (parts.every((part) => typeof part === 'string')) return `'${parts.join('').replace(/'/g, `'\\''`)}'`;
  let out = '"';
  parts.forEach((part, index) => {
    if (typeof part === 'string') {
      out += part.replace(/["\\`$]/g, (c) => `\\${c}`);
      return;
    }
    const next = parts[index + 1];
    const followedByName = typeof next === 'string' ? /^[A-Za-z0-9_]/.test(next) : next !== undefined;
    out += followedByName ? `\${${part.variable}}` : `$${part.variable}`;
  });
  return `${out}"`;
}

/**
 * The word as a plain string, variables shown as `$NAME` (for results meant to be read, not run).
 *
 * @example
 * ```ts
 * toPlainText(['Bearer ', { variable: 'TOKEN' }]); // 'Bearer $TOKEN'
 * ```
 */
export function toPlainText(word: ShellWord | string): string {
  if (typeof word === 'string') return word;
  return word.map((part) => (typeof part === 'string' ? part : `$${part.variable}`)).join('');
}
