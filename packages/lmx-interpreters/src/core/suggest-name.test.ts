import { describe, expect, it } from 'vitest';
import { didYouMean, suggestName } from './suggest-name.js';

describe('did-you-mean suggestions by edit distance', () => {
  it('suggests the closest keyword, builtin or name', () => {
    expect(suggestName('fro', ['let', 'for', 'fn'])).toBe('for');
    expect(suggestName('lenght', ['len', 'length', 'print'])).toBe('length');
    expect(suggestName('FORM', ['FROM', 'WHERE'])).toBe('FROM');
    expect(suggestName('meterz', ['m', 'meter', 'meters'])).toBe('meter');
    expect(suggestName('amout', ['amount', 'id'])).toBe('amount');
  });

  it('suggests nothing for a word far from every candidate', () => {
    expect(suggestName('banana', ['for', 'let'])).toBeUndefined();
    expect(suggestName('q', ['x'])).toBeUndefined();
    expect(suggestName('X', ['x'])).toBe('x');
    expect(didYouMean('zzz', ['len'])).toBe('');
    expect(didYouMean('lne', ['len'])).toBe(' (did you mean "len"?)');
  });
});
