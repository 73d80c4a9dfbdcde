import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../../generate-page.js';
import { validatePage } from '../../validate-page.js';
import type { WordsearchDoc } from './wordsearch-types.js';

// The key must be unambiguous: a plain scan written here (every cell, every allowed direction,
// every word, letter by letter) must find each listed word in exactly one run of cells, and that
// run must be the key's. A palindrome read both ways over the same cells is one run.

const STEPS: Record<string, [number, number]> = {
  N: [-1, 0],
  NE: [-1, 1],
  E: [0, 1],
  SE: [1, 1],
  S: [1, 0],
  SW: [1, -1],
  W: [0, -1],
  NW: [-1, -1],
};
const ALL = Object.keys(STEPS);

function findRuns(doc: WordsearchDoc, word: string): Set<string> {
  const runs = new Set<string>();
  for (let r = 0; r < doc.height; r++) {
    for (let c = 0; c < doc.width; c++) {
      for (const direction of doc.directions) {
        const [dr, dc] = STEPS[direction] as [number, number];
        let k = 0;
        while (k < word.length && doc.grid[r + dr * k]?.[c + dc * k] === word[k]) k++;
        if (k < word.length) continue;
        const ends = [`${r},${c}`, `${r + dr * (k - 1)},${c + dc * (k - 1)}`].sort();
        runs.add(ends.join('-'));
      }
    }
  }
  return runs;
}

function checkUnambiguous(doc: WordsearchDoc, requested: string[]): void {
  expect(doc.placements.map((p) => p.word)).toEqual(doc.words);
  doc.placements.forEach(({ word, cells }) => {
    expect(cells.map(([r, c]) => doc.grid[r]?.[c]).join('')).toBe(word);
    const ends = [cells[0], cells[cells.length - 1]].map((cell) => cell?.join(',')).sort();
    expect([...findRuns(doc, word)]).toEqual([ends.join('-')]);
  });
  // Every requested word is either listed or reported, never silently lost.
  expect([...doc.words, ...doc.unplaced.map((u) => u.word)].sort()).toEqual([...requested].sort());
}

const letters = fc.constantFrom(...'AEIOURSTLNBCDMP');
const word = fc.array(letters, { minLength: 2, maxLength: 9 }).map((chars) => chars.join(''));
// Word lists that provoke ambiguity: palindromes, words inside other words, reversed pairs.
const tricky = fc
  .array(word, { minLength: 1, maxLength: 20 })
  .chain((list) =>
    fc
      .tuple(fc.constant(list), fc.subarray(list), fc.subarray(list))
      .map(([base, toReverse, toNest]) => [
        ...base,
        ...toReverse.map((w) => [...w].reverse().join('')),
        ...toNest.map((w) => (w.length > 3 ? w.slice(1, -1) : `${w}${[...w].reverse().join('')}`)),
      ]),
  );
const directions = fc.subarray(ALL, { minLength: 1 });

const normalize = (words: string[]) => [...new Set(words)];

describe('word search properties', () => {
  it('every key is unambiguous and every word is placed or reported (3,000 seeds)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        tricky,
        directions,
        fc.integer({ min: 9, max: 16 }),
        fc.boolean(),
        (seed, words, dirs, size, overlap) => {
          const doc = generatePage({
            kind: 'wordsearch',
            input: { words, directions: dirs, size, overlap },
            seed,
          }).doc as unknown as WordsearchDoc;
          checkUnambiguous(doc, normalize(words));
          expect(validatePage({ kind: 'wordsearch', doc })).toEqual({ ok: true, errors: [] });
        },
      ),
      { seed: 4242, numRuns: 3000 },
    );
  });

  it('themes, shapes and fills: every key is unambiguous (1,000 seeds)', () => {
    const theme = fc.constantFrom(
      'animals',
      'fruits',
      'vegetables',
      'space',
      'ocean',
      'sports',
      'weather',
      'school',
    );
    const shape = fc.constantFrom('rectangle', 'circle', 'diamond', 'heart');
    fc.assert(
      fc.property(
        fc.integer(),
        theme,
        shape,
        directions,
        fc.integer({ min: 8, max: 22 }),
        fc.constantFrom('word-letters', 'alphabet'),
        (seed, th, shp, dirs, size, fill) => {
          const doc = generatePage({
            kind: 'wordsearch',
            input: { theme: th, shape: shp, directions: dirs, size, fill },
            seed,
          }).doc as unknown as WordsearchDoc;
          checkUnambiguous(doc, [...doc.words, ...doc.unplaced.map((u) => u.word)]);
          // Theme words are chosen to fit the shape's longest line in the allowed directions.
          expect(doc.unplaced.filter((u) => u.reason !== 'no-room')).toEqual([]);
          expect(validatePage({ kind: 'wordsearch', doc }).ok).toBe(true);
        },
      ),
      { seed: 808, numRuns: 1000 },
    );
  });

  it('the same seed and input give a deep-equal page', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), tricky, directions, (seed, words, dirs) => {
        const input = { words, directions: dirs, size: 12 };
        expect(generatePage({ kind: 'wordsearch', input, seed })).toEqual(
          generatePage({ kind: 'wordsearch', input, seed }),
        );
      }),
      { seed: 17, numRuns: 300 },
    );
  });

  it('rejects a moved letter, a wrong key cell and a second reading of a word', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(), (seed, pick) => {
        const doc = generatePage({
          kind: 'wordsearch',
          input: { theme: 'ocean', size: 12, directions: ALL },
          seed,
        }).doc as unknown as WordsearchDoc;
        const mutate = (change: (copy: WordsearchDoc) => void) => {
          const copy = structuredClone(doc);
          change(copy);
          return validatePage({ kind: 'wordsearch', doc: copy }).ok;
        };
        const placement = doc.placements[pick % doc.placements.length];
        if (!placement) return;
        const [r, c] = placement.cells[pick % placement.cells.length] as [number, number];
        const setLetter = (copy: WordsearchDoc, row: number, col: number, letter: string) => {
          const text = copy.grid[row] as string;
          copy.grid[row] = text.slice(0, col) + letter + text.slice(col + 1);
        };
        // Move the letter one cell along its row (swap with the neighbour) unless they match.
        const neighbour = c + 1 < doc.width ? c + 1 : c - 1;
        const [mine, theirs] = [doc.grid[r]?.[c] as string, doc.grid[r]?.[neighbour] as string];
        if (mine !== theirs) {
          const swapped = mutate((copy) => {
            setLetter(copy, r, c, theirs);
            setLetter(copy, r, neighbour, mine);
          });
          expect(swapped).toBe(false);
        }
        const first = placement.cells[0] as [number, number];
        if (first[0] !== r || first[1] !== neighbour) {
          expect(
            mutate(
              (copy) =>
                ((copy.placements[pick % doc.placements.length] as { cells: [number, number][] }).cells[0] = [
                  r,
                  neighbour,
                ]),
            ),
          ).toBe(false);
        }
        // Write the word a second time over the first row, reading east (unless that is its place).
        const text = placement.word;
        const isThere = first[0] === 0 && first[1] === 0 && placement.direction === 'E';
        if (text.length <= doc.width && !isThere) {
          expect(mutate((copy) => (copy.grid[0] = text + (copy.grid[0] as string).slice(text.length)))).toBe(
            false,
          );
        }
      }),
      { seed: 3, numRuns: 500 },
    );
  });
});
