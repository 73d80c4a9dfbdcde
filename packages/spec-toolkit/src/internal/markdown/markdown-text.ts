/**
 * Makes text safe inside a Markdown table cell: `|` escaped, line breaks turned into `<br>`.
 *
 * @example
 * ```ts
 * escapeTableCell('a | b\nc'); // 'a \\| b<br>c'
 * ```
 */
export function escapeTableCell(text: string): string {
  return text
    .replace(/\\(?=\|)/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r\n?|\n/g, '<br>')
    .trim();
}

/**
 * Inline code that survives backticks in the text (a longer fence, padded when needed).
 *
 * @example
 * ```ts
 * toInlineCode('a`b'); // '``a`b``'
 * ```
 */
export function toInlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * Inline code for a table cell: the `|` still has to be escaped there, even inside code.
 *
 * @example
 * ```ts
 * toCellCode('x|y'); // '`x\\|y`'
 * ```
 */
export function toCellCode(text: string): string {
  return toInlineCode(text.replace(/\r\n?|\n/g, ' ')).replace(/\|/g, '\\|');
}

/**
 * A fenced code block whose fence is longer than any backtick run in the content.
 *
 * @example
 * ```ts
 * toFencedBlock('{}', 'json'); // '```json\n{}\n```'
 * ```
 */
export function toFencedBlock(content: string, language: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${content}\n${fence}`;
}

/**
 * Text for a heading or a single line: line breaks folded to spaces.
 *
 * @example
 * ```ts
 * toSingleLine('one\n two'); // 'one two'
 * ```
 */
export function toSingleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * A Markdown table from a header row and body rows; cells must already be escaped.
 *
 * @example
 * ```ts
 * renderTable(['A'], [['1']]); // '| A |\n| --- |\n| 1 |'
 * ```
 */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}
