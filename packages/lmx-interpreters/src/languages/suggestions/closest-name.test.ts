import { describe, expect, it } from 'vitest';
import { didYouMean, findClosestName } from './closest-name.js';

describe('closest name', () => {
  it('finds a misspelling a third of the letters off, swaps included, and nothing farther', () => {
    expect(findClosestName('amout', ['id', 'amount'])).toBe('amount');
    expect(findClosestName('lenght', ['length', 'len'])).toBe('length');
    expect(findClosestName('meterz', ['meters', 'metres'])).toBe('meters');
    expect(findClosestName('colour', ['id', 'amount'])).toBeUndefined();
    expect(didYouMean('stauts', ['status'])).toBe(' (did you mean "status"?)');
    expect(didYouMean('x', [])).toBe('');
  });
});
