import { describe, expect, it } from 'vitest';
import { renderCappedBlock, trimArrays } from './example-block.js';
import { escapeTableCell, toCellCode, toFencedBlock, toInlineCode } from './markdown-text.js';

describe('markdown text helpers', () => {
  it('escapes pipes and line breaks in table cells, keeping an escaped pipe escaped', () => {
    expect(escapeTableCell('a | b\r\nc\nd')).toBe('a \\| b<br>c<br>d');
    expect(escapeTableCell('already \\| escaped')).toBe('already \\\\\\| escaped');
    expect(toCellCode('x|y')).toBe('`x\\|y`');
  });

  it('fences code longer than any backtick run inside it', () => {
    expect(toInlineCode('a`b')).toBe('``a`b``');
    expect(toInlineCode('`x')).toBe('`` `x ``');
    expect(toFencedBlock('has ``` inside', 'json')).toBe('````json\nhas ``` inside\n````');
  });

  it('caps a block at a line end and says how much was cut', () => {
    const text = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const block = renderCappedBlock(text, 'json', 40);
    expect(block.startsWith('```json\nline 0\nline 1\n')).toBe(true);
    expect(block).toMatch(/```\n\n_… truncated \(\d+ more characters\)\._$/);
    expect(renderCappedBlock('short', 'sh', 40)).toBe('```sh\nshort\n```');
  });

  it('keeps at most the given number of items in every array', () => {
    expect(trimArrays({ a: [1, 2, 3], b: [[1, 2, 3]] }, 2)).toEqual({ a: [1, 2], b: [[1, 2]] });
  });
});
