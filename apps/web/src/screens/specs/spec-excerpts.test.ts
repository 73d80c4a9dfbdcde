import { describe, expect, it } from 'vitest';
import { addExcerpts } from './spec-excerpts';
import type { ValidationResult } from './spec-types';

const result = (lines: (number | undefined)[]): ValidationResult => ({
  valid: false,
  version: '3.0',
  errors: lines.map((line) => ({ code: 'SPEC_X', message: 'x', path: '/a', ...(line ? { line } : {}) })),
  warnings: [],
  counts: { errors: lines.length, warnings: 0, paths: 0, operations: 0 },
});

describe('showing the line of a problem in a file that is not in the editor', () => {
  it('adds the text of each located line, without its line ending', () => {
    const text = 'openapi: 3.0.3\r\ninfo:\r\n  title: Pets\r\n';
    const excerpts = addExcerpts(result([2, 3, undefined]), text).errors.map((item) => item.excerpt);
    expect(excerpts).toEqual(['info:', '  title: Pets', undefined]);
  });

  it('cuts a long line at 200 characters and ignores a line past the end', () => {
    const text = `${'x'.repeat(500)}\nlast`;
    const [long, missing] = addExcerpts(result([1, 9]), text).errors;
    expect(long?.excerpt).toBe('x'.repeat(200));
    expect(missing?.excerpt).toBeUndefined();
  });

  it('reads the last line when the file has no final newline', () => {
    expect(addExcerpts(result([2]), 'a: 1\nb: [').errors[0]?.excerpt).toBe('b: [');
  });
});
