import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countKeysExactly, countKeysInText, countParsedKeys, hasDuplicateKeys } from './json-key-count.js';

describe('duplicate-key fast path', () => {
  it('counts keys exactly even when string values contain quotes and colons', () => {
    const text = '{"a": "\\": not a key", "b": ":also not", "c\\\\": {"d" : [1, {"e": "\\\\"}]}}';
    const parsed = JSON.parse(text);
    expect(countKeysInText(text)).toBe(5);
    expect(countKeysExactly(text)).toBe(5);
    expect(countParsedKeys(parsed)).toBe(5);
    expect(hasDuplicateKeys(text, parsed)).toBe(false);
  });

  it('sees a repeat that JSON.parse collapsed, at any depth', () => {
    const text = '{"a": [{"x": 1, "y": 2, "x": 3}]}';
    expect(hasDuplicateKeys(text, JSON.parse(text))).toBe(true);
    const compact = '{"a":[{"x":1,"y":2,"x":3}]}';
    expect(hasDuplicateKeys(compact, JSON.parse(compact))).toBe(true);
  });

  it('never counts fewer keys than the text has (a string starting with ":" may count once more)', () => {
    const text = '{"a":":x","b\\":":"\\":","c":[":"]}';
    expect(countKeysExactly(text)).toBe(3);
    expect(countKeysInText(text)).toBeGreaterThanOrEqual(3);
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const json = JSON.stringify(value, null, pretty ? 2 : undefined);
        const exact = countKeysExactly(json);
        expect(exact).toBe(countParsedKeys(JSON.parse(json)));
        expect(countKeysInText(json)).toBeGreaterThanOrEqual(exact);
      }),
      { numRuns: 300 },
    );
  });
});
