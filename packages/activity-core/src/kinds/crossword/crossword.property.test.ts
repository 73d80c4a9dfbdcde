import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../../generate-page.js';
import { crosswordKind } from './crossword-kind.js';
import type { CrosswordDoc, CrosswordEntry } from './crossword-types.js';

// A vocabulary with plenty of shared letters, so layouts interlock in many ways.
const VOCABULARY = [
  'ANCHOR',
  'APPLE',
  'ARROW',
  'BANANA',
  'BASKET',
  'BREAD',
  'CANDLE',
  'CASTLE',
  'CLOUD',
  'COMET',
  'DESERT',
  'DRAGON',
  'EAGLE',
  'EARTH',
  'ENGINE',
  'FOREST',
  'GARDEN',
  'GUITAR',
  'HAMMER',
  'HARBOR',
  'ISLAND',
  'JUNGLE',
  'KETTLE',
  'LADDER',
  'LEMON',
  'MARBLE',
  'MEADOW',
  'NEEDLE',
  'OCEAN',
  'ORANGE',
  'PENCIL',
  'PLANET',
  'RABBIT',
  'RIVER',
  'ROCKET',
  'SADDLE',
  'SILVER',
  'SPIDER',
  'TABLE',
  'TIGER',
  'TUNNEL',
  'VALLEY',
  'WAGON',
  'WINDOW',
  'ZEBRA',
  'OX',
  'AT',
  'QUIZ',
  'JAZZ',
  'LYNX',
];

const listArbitrary = fc.record({
  words: fc.uniqueArray(fc.constantFrom(...VOCABULARY), { minLength: 2, maxLength: 40 }),
  maxSize: fc.integer({ min: 7, max: 30 }),
  seed: fc.string({ maxLength: 8 }),
});

function cellsOf(entry: CrosswordEntry, across: boolean): string[] {
  return Array.from(
    { length: entry.length },
    (_, i) => `${entry.row + (across ? 0 : i)},${entry.col + (across ? i : 0)}`,
  );
}

describe('crossword properties', () => {
  it('every layout is consistent, every run is a clue, every word crosses another and fits maxSize', () => {
    fc.assert(
      fc.property(listArbitrary, ({ words, maxSize, seed }) => {
        const input = {
          words: words.map((word) => ({ word, clue: `Clue for ${word.toLowerCase()}` })),
          maxSize,
        };
        const page = generatePage({ kind: 'crossword', input, seed });
        const doc = page.doc as unknown as CrosswordDoc;
        expect(crosswordKind.validate(doc)).toEqual([]);
        expect(doc.width).toBeLessThanOrEqual(maxSize);
        expect(doc.height).toBeLessThanOrEqual(maxSize);
        const placed = [...doc.across, ...doc.down].map((e) => e.answer);
        expect([...placed, ...doc.unplaced.map((u) => u.answer)].sort()).toEqual([...words].sort());
        const acrossCells = new Set(doc.across.flatMap((e) => cellsOf(e, true)));
        const downCells = new Set(doc.down.flatMap((e) => cellsOf(e, false)));
        if (placed.length > 1) {
          for (const entry of doc.across)
            expect(cellsOf(entry, true).some((cell) => downCells.has(cell))).toBe(true);
          for (const entry of doc.down)
            expect(cellsOf(entry, false).some((cell) => acrossCells.has(cell))).toBe(true);
        }
        expect(generatePage({ kind: 'crossword', input, seed })).toEqual(page);
      }),
      { seed: 4242, numRuns: 150 },
    );
  });

  it('places every word of a friendly list when the size allows', () => {
    for (let seed = 0; seed < 30; seed++) {
      const words = VOCABULARY.slice(seed % 20, (seed % 20) + 15).map((word) => ({ word, clue: word }));
      const doc = generatePage({ kind: 'crossword', input: { words, maxSize: 25 }, seed })
        .doc as unknown as CrosswordDoc;
      expect(doc.unplaced).toEqual([]);
    }
  });

  it('rejects any single changed letter', () => {
    const doc = generatePage({ kind: 'crossword', input: { theme: 'animals', count: 15 }, seed: 'mutate' })
      .doc as unknown as CrosswordDoc;
    doc.cells.forEach((row, r) => {
      row.forEach((letter, c) => {
        const mutated = structuredClone(doc);
        (mutated.cells[r] as (string | null)[])[c] = letter === null ? 'E' : letter === 'E' ? 'A' : 'E';
        expect(crosswordKind.validate(mutated).length, `cell ${r},${c}`).toBeGreaterThan(0);
      });
    });
  });
});
