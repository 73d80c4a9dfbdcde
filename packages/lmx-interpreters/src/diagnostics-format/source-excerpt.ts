import type { Diagnostic } from '../diagnostics.js';

/** Options of {@link formatDiagnostic}. */
export interface FormatDiagnosticOptions {
  /** Shown before the position (`fib.lmx:3:5`); without it the position reads `line 3, column 5`. */
  file?: string;
  /** Lines of context shown before the failing line (default 0). */
  contextLines?: number;
}

/**
 * The source line a diagnostic points at, with a caret line under its span:
 *
 * ```text
 *   2 | fro x in xs
 *     | ^^^
 * ```
 *
 * The caret starts at the diagnostic's column and runs to its end column (to the end of the
 * line when the span goes on to later lines; one caret for an empty span or a position past
 * the line's end). Tabs before the column stay tabs so the caret lines up in a terminal.
 * Returns an empty list when the diagnostic has no end (a run-level error such as
 * `E_LIMIT_TIME`, placed at 1:1) or its line is blank or not in the source (a missing `end`
 * at the end of input).
 *
 * @example
 * ```ts
 * formatSourceExcerpt('let x = 1\nprnt x', { line: 2, column: 1, endLine: 2, endColumn: 5 });
 * // ['  2 | prnt x', '    | ^^^^']
 * ```
 */
export function formatSourceExcerpt(
  source: string,
  position: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>,
  contextLines = 0,
): string[] {
  const lines = source.split('\n').map((line) => line.replace(/\r$/, ''));
  const text = lines[position.line - 1];
  // A diagnostic without an end has no place in the source (a run-level error such as
  // E_LIMIT_TIME stands at 1:1): no excerpt rather than a caret under the wrong thing.
  if (position.endLine === undefined) return [];
  if (text === undefined || text.trim() === '' || position.line < 1) return [];
  const first = Math.max(1, position.line - contextLines);
  const width = String(position.line).length;
  const gutter = (label: string) => `${label.padStart(width + 2)} | `;
  const shown: string[] = [];
  for (let number = first; number <= position.line; number++) {
    shown.push(`${gutter(String(number))}${lines[number - 1] ?? ''}`.trimEnd());
  }
  const start = Math.max(0, Math.min(position.column - 1, text.length));
  const sameLine = position.endLine === undefined || position.endLine === position.line;
  const end = sameLine ? Math.min(text.length, (position.endColumn ?? position.column + 1) - 1) : text.length;
  const lead = text.slice(0, start).replace(/[^\t]/g, ' ');
  shown.push(`${gutter('')}${lead}${'^'.repeat(Math.max(1, end - start))}`);
  return shown;
}

/**
 * One diagnostic as a reader sees it in a terminal: the position, the code and message, the
 * source line and a caret under the span.
 *
 * @example
 * ```ts
 * formatDiagnostic('prnt 1', diagnostic, { file: 'a.lmx' });
 * // a.lmx:1:1  E_PARSE  unknown statement "prnt" (did you mean "print"?)
 * //   1 | prnt 1
 * //     | ^^^^
 * ```
 */
export function formatDiagnostic(
  source: string,
  diagnostic: Diagnostic,
  options: FormatDiagnosticOptions = {},
): string {
  const where =
    options.file === undefined
      ? `line ${diagnostic.line}, column ${diagnostic.column}`
      : `${options.file}:${diagnostic.line}:${diagnostic.column}`;
  const heading = `${where}  ${diagnostic.code}  ${diagnostic.message}`;
  return [heading, ...formatSourceExcerpt(source, diagnostic, options.contextLines)].join('\n');
}
