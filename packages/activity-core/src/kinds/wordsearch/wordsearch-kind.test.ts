import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random/seeded-random.js';
import { wordsearchKind } from './wordsearch-kind.js';
import type { WordsearchDoc } from './wordsearch-types.js';
import { normalizeWord } from './wordsearch-words.js';

const ALL = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const DEFAULTS = {
  theme: 'animals',
  size: 12,
  directions: ['NE', 'E', 'SE', 'S'],
  fill: 'word-letters',
  overlap: true,
};

function make(raw: Record<string, unknown>, seed = 'w'): WordsearchDoc {
  const { input, issues } = wordsearchKind.normalizeInput({ ...DEFAULTS, ...raw });
  expect(issues).toEqual([]);
  return wordsearchKind.generate(input, createRandom(seed));
}

describe('word search kind', () => {
  it('normalises words: letters only, accents folded, duplicates dropped', () => {
    expect(normalizeWord('Crème brûlée!')).toBe('CREMEBRULEE');
    expect(normalizeWord('Straße')).toBe('STRASSE');
    const doc = make({ words: ['ice cream', 'Ice-Cream', 'jam'] });
    expect(doc.words).toEqual(['ICECREAM', 'JAM']);
  });

  it('rejects words too short or longer than the grid', () => {
    const { issues } = wordsearchKind.normalizeInput({
      ...DEFAULTS,
      size: 6,
      words: ['a', 'elephants', 'cat'],
    });
    expect(issues.map((issue) => issue.path)).toEqual(['/words/0', '/words/1']);
  });

  it('rejects unknown directions', () => {
    expect(wordsearchKind.normalizeInput({ ...DEFAULTS, directions: ['E', 'UP'] }).issues[0]?.path).toBe(
      '/directions/1',
    );
  });

  it('reads a word inside a longer word there, and reports one that would be read twice', () => {
    const doc = make({ words: ['sunflower', 'sun', 'banana', 'an'], directions: ALL });
    const sun = doc.placements.find((placement) => placement.word === 'SUN');
    expect(sun?.within).toBe('SUNFLOWER');
    const flower = doc.placements.find((placement) => placement.word === 'SUNFLOWER');
    expect(flower?.cells).toEqual(expect.arrayContaining(sun?.cells ?? []));
    expect(doc.unplaced).toEqual([{ word: 'AN', reason: 'inside-other-words' }]);
  });

  it('places palindromes and reversed pairs with all eight directions', () => {
    const doc = make({ words: ['level', 'noon', 'star', 'rats', 'racecar'], directions: ALL, size: 10 });
    expect(doc.words).toEqual(['LEVEL', 'NOON', 'RACECAR', 'RATS', 'STAR']);
    expect(wordsearchKind.validate(doc)).toEqual([]);
  });

  it('uses only allowed directions and blanks cells outside a shape', () => {
    const doc = make({ shape: 'circle', size: 14, directions: ['E', 'S'] });
    expect(doc.placements.every((placement) => ['E', 'S'].includes(placement.direction))).toBe(true);
    expect(doc.grid[0]).toMatch(/^ +[A-Z]+ +$/);
  });

  it('picks theme words that fit and do not hide inside each other', () => {
    const doc = make({ theme: 'space', count: 20, size: 15, directions: ALL });
    expect(doc.theme).toBe('space');
    expect(doc.words).toHaveLength(20);
    expect(doc.unplaced).toEqual([]);
  });

  it('draws the grid and the word list, large print at 18 pt, capsules in the key', () => {
    const doc = make({});
    const drawing = wordsearchKind.draw(doc, { key: false, largePrint: true });
    const texts = drawing.items.flatMap((item) => (item.type === 'text' ? [item] : []));
    expect(texts).toHaveLength(144 + doc.words.length);
    expect(Math.min(...texts.map((item) => item.size))).toBeGreaterThanOrEqual(18);
    const normal = wordsearchKind.draw(doc, { key: false, largePrint: false });
    expect(normal.width).toBeLessThanOrEqual(127);
    expect(normal.height).toBeLessThanOrEqual(203);
    const key = wordsearchKind.draw(doc, { key: true, largePrint: false });
    expect(key.items.filter((item) => item.type === 'polyline')).toHaveLength(doc.words.length);
  });

  it('never throws on garbage', () => {
    fc.assert(
      fc.property(fc.anything(), (doc) => {
        expect(Array.isArray(wordsearchKind.validate(doc))).toBe(true);
      }),
      { seed: 3, numRuns: 500 },
    );
    const doc = make({});
    expect(wordsearchKind.validate({ ...doc, directions: ['E', 'E'] })[0]?.path).toBe('/directions');
    expect(wordsearchKind.validate({ ...doc, placements: doc.placements.slice(1) })[0]?.path).toBe(
      '/placements',
    );
  });
});
