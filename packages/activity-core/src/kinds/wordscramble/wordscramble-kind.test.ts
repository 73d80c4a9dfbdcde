import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isActivityError } from '../../errors.js';
import { generatePage } from '../../generate-page.js';
import { createRandom } from '../../random/seeded-random.js';
import { wordscrambleKind } from './wordscramble-kind.js';
import { countArrangements, scrambleWord } from './wordscramble-scrambler.js';
import type { WordscrambleDoc } from './wordscramble-types.js';

const sortLetters = (word: string): string => Array.from(word).sort().join('');

function generate(input: Record<string, unknown>, seed: string | number = 'test'): WordscrambleDoc {
  return generatePage({ kind: 'wordscramble', input, seed }).doc as unknown as WordscrambleDoc;
}

function inputError(input: Record<string, unknown>): string {
  try {
    generatePage({ kind: 'wordscramble', input, seed: 1 });
  } catch (error) {
    if (isActivityError(error) && error.code === 'ACT_INVALID_INPUT')
      return error.issues.map((i) => i.message).join(' ');
    throw error;
  }
  throw new Error('expected the input to be refused');
}

describe('wordscramble kind', () => {
  it('scrambles the given words in their order, folded to capitals', () => {
    const doc = generate({ words: ['planet', 'Comète', 'orbit'], hint: true });
    expect(doc.items.map((item) => item.answer)).toEqual(['PLANET', 'COMETE', 'ORBIT']);
    for (const item of doc.items) {
      expect(sortLetters(item.scrambled)).toBe(sortLetters(item.answer));
      expect(item.scrambled).not.toBe(item.answer);
    }
    expect(doc.hint).toBe(true);
    expect(wordscrambleKind.validate(doc)).toEqual([]);
  });

  it('picks words from a bundled theme when none are given', () => {
    const doc = generate({ theme: 'food', count: 8 });
    expect(doc.items).toHaveLength(8);
    expect(wordscrambleKind.validate(doc)).toEqual([]);
  });

  it('counts distinct arrangements', () => {
    expect(countArrangements('AA')).toBe(1);
    expect(countArrangements('AAB')).toBe(3);
    expect(countArrangements('MISSISSIPPI')).toBe(34650);
  });

  it('refuses words that cannot be scrambled, with the reason', () => {
    expect(inputError({ words: ['aa', 'cat'] })).toMatch(
      /AA cannot be scrambled: every arrangement of its letters is the word itself/,
    );
    expect(inputError({ words: ['ab', 'ba'] })).toMatch(
      /AB cannot be scrambled: its other arrangements are listed too \(BA\)/,
    );
    expect(inputError({ words: ['cat', 'Cat'] })).toMatch(/CAT is listed twice/);
    expect(inputError({ words: ['кот'] })).toMatch(/outside A–Z/);
    expect(inputError({ words: ['x'] })).toMatch(/2 to 15 letters/);
  });

  it('never scrambles a word into another listed word', () => {
    const words = ['STOP', 'POTS', 'TOPS', 'SPOT', 'OPTS', 'POST'];
    for (let seed = 0; seed < 50; seed++) {
      const doc = generate({ words }, seed);
      for (const item of doc.items) expect(words).not.toContain(item.scrambled);
    }
  });

  it('moves every letter when it can', () => {
    expect(scrambleWord('ABC', new Set(), createRandom(1))).toMatch(/^(BCA|CAB)$/);
  });

  it('every page validates, and the same seed gives the same page', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-E]{2,8}$/), { minLength: 1, maxLength: 20 }),
        fc.string(),
        (words, seed) => {
          let page: ReturnType<typeof generatePage>;
          try {
            page = generatePage({ kind: 'wordscramble', input: { words }, seed });
          } catch (error) {
            // Only lists holding an unscramblable word may be refused.
            expect(isActivityError(error) && /cannot be scrambled/.test(error.message)).toBe(true);
            return;
          }
          const doc = page.doc as unknown as WordscrambleDoc;
          expect(wordscrambleKind.validate(doc)).toEqual([]);
          for (const item of doc.items) expect(words).not.toContain(item.scrambled);
          expect(generatePage({ kind: 'wordscramble', input: { words }, seed })).toEqual(page);
        },
      ),
      { seed: 31, numRuns: 300 },
    );
  });

  it('rejects unscrambled, misspelt and repeated items', () => {
    const doc = generate({ words: ['tiger', 'zebra', 'lion'] });
    const same = structuredClone(doc);
    (same.items[0] as { scrambled: string }).scrambled = 'TIGER';
    expect(
      wordscrambleKind
        .validate(same)
        .map((i) => i.message)
        .join(),
    ).toMatch(/not scrambled/);
    const other = structuredClone(doc);
    (other.items[2] as { scrambled: string }).scrambled = 'LINE';
    expect(
      wordscrambleKind
        .validate(other)
        .map((i) => i.message)
        .join(),
    ).toMatch(/letters of LION/);
    const twice = structuredClone(doc);
    twice.items.push({ ...(doc.items[0] as { scrambled: string; answer: string }) });
    expect(
      wordscrambleKind
        .validate(twice)
        .map((i) => i.message)
        .join(),
    ).toMatch(/appears twice/);
    for (const garbage of [null, {}, { items: [] }, { items: [{ scrambled: 1 }], hint: true }]) {
      expect(wordscrambleKind.validate(garbage).length).toBeGreaterThan(0);
    }
  });

  it('draws one blank per letter, the hint letters, and the key letters', () => {
    const doc = generate({ words: ['planet', 'comet', 'orbit', 'galaxy'], hint: true });
    const letters = doc.items.reduce((sum, item) => sum + item.answer.length, 0);
    const puzzle = wordscrambleKind.draw(doc, { key: false, largePrint: false });
    const key = wordscrambleKind.draw(doc, { key: true, largePrint: false });
    expect(puzzle.items.filter((item) => item.type === 'line')).toHaveLength(letters);
    const plain = (drawing: typeof puzzle) =>
      drawing.items.filter((item) => item.type === 'text' && !item.bold && /^[A-Z]$/.test(item.text)).length;
    expect(plain(puzzle)).toBe(doc.items.length);
    expect(plain(key)).toBe(letters);
    expect(puzzle.width).toBeLessThanOrEqual(127);
    const long = generate({ words: ['extraordinarily', 'uncharacteristic'.slice(0, 15)] });
    for (const largePrint of [false, true]) {
      const drawing = wordscrambleKind.draw(long, { key: true, largePrint });
      const right = Math.max(
        ...drawing.items.map((item) => (item.type === 'line' ? item.x2 : item.type === 'text' ? item.x : 0)),
      );
      expect(right).toBeLessThanOrEqual(drawing.width);
    }
    const large = wordscrambleKind.draw(doc, { key: false, largePrint: true });
    expect(
      Math.min(...large.items.flatMap((item) => (item.type === 'text' ? [item.size] : []))),
    ).toBeGreaterThanOrEqual(18);
  });
});
