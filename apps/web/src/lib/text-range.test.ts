import { describe, expect, it } from 'vitest';
import { lineRange } from './text-range';

describe('finding a line to select in an editor', () => {
  const text = 'openapi: 3.0.3\ninfo: {}\npaths: {}';

  it('spans the whole line without its newline, with the caret at the column', () => {
    expect(lineRange(text, 2, 3)).toEqual({ start: 15, end: 23, caret: 17 });
    expect(text.slice(15, 23)).toBe('info: {}');
    expect(lineRange(text, 3)).toEqual({ start: 24, end: 33, caret: 24 });
  });

  it('keeps the caret on the line and stops at the last line', () => {
    expect(lineRange(text, 1, 99).caret).toBe(14);
    expect(lineRange(text, 9)).toEqual(lineRange(text, 3));
  });
});
