import { describe, expect, it } from 'vitest';
import { countKeysInText, countParsedKeys, hasDuplicateKeys } from './json-key-count.js';

describe('duplicate-key fast path', () => {
  it('counts keys exactly even when string values contain quotes and colons', () => {
    const text = '{"a": "\\": not a key", "b": ":also not", "c\\\\": {"d" : [1, {"e": "\\\\"}]}}';
    const parsed = JSON.parse(text);
    expect(countKeysInText(text)).toBe(5);
    expect(countParsedKeys(parsed)).toBe(5);
    expect(hasDuplicateKeys(text, parsed)).toBe(false);
  });

  it('sees a repeat that JSON.parse collapsed, at any depth', () => {
    const text = '{"a": [{"x": 1, "y": 2, "x": 3}]}';
    expect(hasDuplicateKeys(text, JSON.parse(text))).toBe(true);
  });
});
