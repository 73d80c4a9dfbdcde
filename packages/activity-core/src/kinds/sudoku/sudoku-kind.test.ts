import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random/seeded-random.js';
import { sudokuKind } from './sudoku-kind.js';
import { hasSymmetry } from './sudoku-symmetry.js';
import type { SudokuDoc, SudokuInput } from './sudoku-types.js';

const make = (input: Partial<SudokuInput>, seed = 'k'): SudokuDoc =>
  sudokuKind.generate({ size: 9, difficulty: 'any', symmetry: 'none', ...input }, createRandom(seed));

describe('sudoku kind', () => {
  it('accepts only the offered sizes', () => {
    expect(sudokuKind.normalizeInput({ size: 6, difficulty: 'easy', symmetry: 'none' }).issues).toEqual([]);
    for (const size of [5, 7, 8, 12]) {
      expect(sudokuKind.normalizeInput({ size, difficulty: 'easy', symmetry: 'none' }).issues[0]?.path).toBe(
        '/size',
      );
    }
  });

  it.each([
    [4, 2, 2],
    [6, 2, 3],
    [9, 3, 3],
    [16, 4, 4],
  ] as const)('makes grids of size %i with %i×%i boxes', (size, boxRows, boxCols) => {
    const doc = make({ size });
    expect([doc.boxRows, doc.boxCols]).toEqual([boxRows, boxCols]);
    expect(doc.givens).toHaveLength(size);
    expect(doc.clueCount).toBe(doc.givens.flat().filter((d) => d > 0).length);
  });

  it.each(['simple', 'easy', 'intermediate', 'expert'] as const)(
    'honours a requested 9×9 grade: %s',
    (difficulty) => {
      for (const seed of ['a', 'b', 'c']) {
        const doc = make({ difficulty }, seed);
        expect(doc.grade).toBe(difficulty);
        expect(doc.requestedDifficulty).toBe(difficulty);
      }
    },
  );

  it('returns the closest grade when a size cannot reach the request, and says so', () => {
    const doc = make({ size: 4, difficulty: 'expert' });
    expect(doc.grade).not.toBe('expert');
    expect(sudokuKind.summarize(doc)).toContain('asked for expert');
  });

  it.each(['rotate180', 'rotate90', 'mirror'] as const)('keeps the givens %s-symmetric', (symmetry) => {
    for (const size of [6, 9] as const) {
      const doc = make({ size, symmetry });
      expect(hasSymmetry(doc.givens.flat(), size, symmetry)).toBe(true);
    }
  });

  it('draws a 9×9 grid that fits a 6×9 in safe area, with large print at 18 pt or more', () => {
    const doc = make({});
    const puzzle = sudokuKind.draw(doc, { key: false, largePrint: false });
    expect(puzzle.width).toBeLessThanOrEqual(127);
    const texts = puzzle.items.filter((item) => item.type === 'text');
    expect(texts).toHaveLength(doc.clueCount);
    const key = sudokuKind.draw(doc, { key: true, largePrint: true });
    const keyTexts = key.items.flatMap((item) => (item.type === 'text' ? [item] : []));
    expect(keyTexts).toHaveLength(81);
    expect(keyTexts.filter((item) => item.bold)).toHaveLength(doc.clueCount);
    expect(Math.min(...keyTexts.map((item) => item.size))).toBeGreaterThanOrEqual(18);
    // Four thick lines each way mark the boxes and the border.
    expect(key.items.filter((item) => item.type === 'line' && item.strokeWidth === 0.8)).toHaveLength(8);
  });

  it('never throws on garbage and explains what is wrong', () => {
    fc.assert(
      fc.property(fc.anything(), (doc) => {
        expect(Array.isArray(sudokuKind.validate(doc))).toBe(true);
      }),
      { seed: 1, numRuns: 500 },
    );
    const doc = make({});
    expect(sudokuKind.validate({ ...doc, givens: doc.givens.slice(1) })[0]?.path).toBe('/givens');
    expect(sudokuKind.validate({ ...doc, symmetry: 'spiral' })[0]?.path).toBe('/symmetry');
    expect(sudokuKind.validate({ ...doc, clueCount: 3 })[0]?.path).toBe('/clueCount');
  });

  it('rejects a puzzle with two solutions', () => {
    const doc = make({ symmetry: 'none' });
    const givens = doc.givens.map((row) => row.map(() => 0));
    (givens[0] as number[])[0] = doc.solution[0]?.[0] ?? 1;
    const issues = sudokuKind.validate({ ...doc, givens, clueCount: 1, symmetry: 'none' });
    expect(issues.map((issue) => issue.message)).toContain('the givens admit more than one solution.');
  });
});
