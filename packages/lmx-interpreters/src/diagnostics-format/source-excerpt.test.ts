import { describe, expect, it } from 'vitest';
import { formatDiagnostic, formatSourceExcerpt } from './source-excerpt.js';

describe('a diagnostic shown with its source line and a caret', () => {
  it('underlines the span on its line', () => {
    const source = 'let xs = [1]\nfro x in xs';
    expect(formatSourceExcerpt(source, { line: 2, column: 1, endLine: 2, endColumn: 4 })).toEqual([
      '  2 | fro x in xs',
      '    | ^^^',
    ]);
  });

  it('keeps tabs before the caret and shows one caret for an empty span', () => {
    expect(formatSourceExcerpt('\tprint 1 +', { line: 1, column: 11, endLine: 1, endColumn: 11 })).toEqual([
      '  1 | \tprint 1 +',
      '    | \t         ^',
    ]);
  });

  it('writes the position, code and message above the excerpt', () => {
    const text = formatDiagnostic(
      'prnt 1',
      { code: 'E_PARSE', message: 'unknown statement "prnt"', line: 1, column: 1, endLine: 1, endColumn: 5 },
      { file: 'a.lmx' },
    );
    expect(text).toBe('a.lmx:1:1  E_PARSE  unknown statement "prnt"\n  1 | prnt 1\n    | ^^^^');
  });

  it('shows nothing for a line the source does not have, or a run-level error without a span', () => {
    expect(formatSourceExcerpt('', { line: 3, column: 1, endLine: 3, endColumn: 2 })).toEqual([]);
    expect(formatSourceExcerpt('while true end', { line: 1, column: 1 })).toEqual([]);
  });
});
