import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countKeyCandidates, countKeysExactly, countParsedKeys, hasDuplicateKeys } from './json-key-count.js';

describe('the one-pass key trigger (countKeyCandidates)', () => {
  it('counts keys whatever the whitespace before the colon, and no escaped quote', () => {
    const text = '{"a" :1, "b"\n\t:"\\": x", "c\\\\"\r\n:{"d":"https://x"}}';
    expect(countKeysExactly(text)).toBe(4);
    expect(countKeyCandidates(text)).toBe(4);
  });

  it('sees a repeat written with whitespace before the colon', () => {
    const text = '{"x" : 1, "y": 2, "x"\n: 3}';
    expect(hasDuplicateKeys(text, JSON.parse(text))).toBe(true);
    expect(hasDuplicateKeys('{"x" : 1, "y" : 2}', { x: 1, y: 2 })).toBe(false);
  });

  it('never counts fewer keys than the text has, in any layout', () => {
    const layout = fc.constantFrom('', ' ', '\n', '\t', ' \r\n ');
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), layout, (value, pretty, space) => {
        const json = serialize(value, space, pretty ? '\n' : '');
        const exact = countKeysExactly(json);
        expect(exact).toBe(countParsedKeys(JSON.parse(json)));
        expect(countKeyCandidates(json)).toBeGreaterThanOrEqual(exact);
      }),
      { numRuns: 300 },
    );
  });
});

/** JSON text with `space` between every key and its colon, and `newline` after every comma. */
function serialize(value: unknown, space: string, newline: string): string {
  if (Array.isArray(value))
    return `[${value.map((item) => serialize(item, space, newline)).join(`,${newline}`)}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}${space}:${serialize(item, space, newline)}`,
    );
    return `{${members.join(`,${newline}`)}}`;
  }
  return JSON.stringify(value);
}
