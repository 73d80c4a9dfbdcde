import { stripInlineMarkdown } from './slugify.js';

/**
 * Markdown reduced to readable text for indexing and snippets: fence lines, table rules,
 * list and quote markers and inline markup removed; code and link labels kept.
 *
 * @example
 * toPlainText('- **Run** `svc docs build`'); // 'Run svc docs build'
 */
export function toPlainText(markdown: string): string {
  const lines: string[] = [];
  for (const raw of markdown.split('\n')) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(raw)) continue;
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(raw)) continue;
    const line = stripInlineMarkdown(
      raw
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
        .replace(/^\s*>\s?/, '')
        .replace(/\s*\|\s*/g, ' '),
    ).trim();
    if (line !== '') lines.push(line);
  }
  return lines.join('\n');
}
