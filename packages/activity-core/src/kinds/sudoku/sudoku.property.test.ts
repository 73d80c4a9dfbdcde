import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../../generate-page.js';
import { validatePage } from '../../validate-page.js';
import type { SudokuDoc } from './sudoku-types.js';

// Properties over many seeds. Uniqueness is checked by a deliberately plain exact-cover style
// solver written here (row/column/box masks; at each step it branches on the most constrained
// choice: a cell with the fewest digits, or a digit with the fewest places in a row, column or
// box — Knuth's heuristic), independent of the generator's propagation-based bitmask search.

const BOXES: Record<number, [number, number]> = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 16: [4, 4] };

function countSolutions(rows: number[][], limit: number): number {
  const size = rows.length;
  const [boxRows, boxCols] = BOXES[size] ?? [3, 3];
  const grid = rows.map((row) => [...row]);
  const boxOf = (r: number, c: number) =>
    Math.floor(r / boxRows) * (size / boxCols) + Math.floor(c / boxCols);
  const units: [number, number][][] = [];
  for (let k = 0; k < size; k++) units.push([], [], []);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      units[3 * r]?.push([r, c]);
      units[3 * c + 1]?.push([r, c]);
      units[3 * boxOf(r, c) + 2]?.push([r, c]);
    }
  }
  const used = { row: new Array(size).fill(0), col: new Array(size).fill(0), box: new Array(size).fill(0) };
  const toggle = (r: number, c: number, digit: number) => {
    used.row[r] ^= 1 << digit;
    used.col[c] ^= 1 << digit;
    used.box[boxOf(r, c)] ^= 1 << digit;
  };
  const allows = (r: number, c: number, digit: number) =>
    grid[r]?.[c] === 0 && ((used.row[r] | used.col[c] | used.box[boxOf(r, c)]) & (1 << digit)) === 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const digit = grid[r]?.[c] ?? 0;
      if (digit === 0) continue;
      if ((used.row[r] | used.col[c] | used.box[boxOf(r, c)]) & (1 << digit)) return 0;
      toggle(r, c, digit);
    }
  }
  let found = 0;
  const solve = (): void => {
    let best: [number, number, number][] | null = null;
    let open = false;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        if (grid[r]?.[c] !== 0) continue;
        open = true;
        const options: [number, number, number][] = [];
        for (let digit = 1; digit <= size; digit++) if (allows(r, c, digit)) options.push([r, c, digit]);
        if (!best || options.length < best.length) best = options;
      }
    }
    if (!open) {
      found++;
      return;
    }
    for (const unit of units) {
      for (let digit = 1; digit <= size && (best?.length ?? 0) > 1; digit++) {
        if (unit.some(([r, c]) => grid[r]?.[c] === digit)) continue;
        const places = unit
          .filter(([r, c]) => allows(r, c, digit))
          .map(([r, c]): [number, number, number] => [r, c, digit]);
        if (places.length < (best?.length ?? 0)) best = places;
      }
    }
    for (const [r, c, digit] of best ?? []) {
      (grid[r] as number[])[c] = digit;
      toggle(r, c, digit);
      solve();
      toggle(r, c, digit);
      (grid[r] as number[])[c] = 0;
      if (found >= limit) return;
    }
  };
  solve();
  return found;
}

const difficulty = fc.constantFrom('any', 'simple', 'easy', 'intermediate', 'expert');
const symmetry = fc.constantFrom('none', 'rotate180', 'rotate90', 'mirror');

function checkPage(seed: number, input: Record<string, unknown>): SudokuDoc {
  const page = generatePage({ kind: 'sudoku', input, seed });
  const doc = page.doc as unknown as SudokuDoc;
  expect(countSolutions(doc.givens, 2)).toBe(1);
  // The one solution is the doc's: filling the givens from it must leave nothing to choose.
  expect(countSolutions(doc.solution, 2)).toBe(1);
  expect(
    doc.givens.every((row, r) => row.every((digit, c) => digit === 0 || digit === doc.solution[r]?.[c])),
  ).toBe(true);
  expect(validatePage({ kind: 'sudoku', doc })).toEqual({ ok: true, errors: [] });
  return doc;
}

describe('sudoku properties', () => {
  it('9×9: every puzzle has exactly one solution and validates (2,000 seeds)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), difficulty, symmetry, (seed, level, sym) => {
        checkPage(seed, { size: 9, difficulty: level, symmetry: sym });
      }),
      { seed: 9009, numRuns: 2000 },
    );
  });

  it('4×4 and 6×6: every puzzle has exactly one solution (1,000 seeds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.constantFrom(4, 6),
        difficulty,
        symmetry,
        (seed, size, level, sym) => {
          checkPage(seed, { size, difficulty: level, symmetry: sym });
        },
      ),
      { seed: 4606, numRuns: 1000 },
    );
  });

  it('16×16: every puzzle has exactly one solution (6 seeds: the plain solver needs about 1 s for each)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), symmetry, (seed, sym) => {
        checkPage(seed, { size: 16, difficulty: 'any', symmetry: sym });
      }),
      { seed: 1616, numRuns: 6 },
    );
  });

  it('the same seed and input give a deep-equal page', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.constantFrom(4, 6, 9),
        difficulty,
        symmetry,
        (seed, size, level, sym) => {
          const input = { size, difficulty: level, symmetry: sym };
          expect(generatePage({ kind: 'sudoku', input, seed })).toEqual(
            generatePage({ kind: 'sudoku', input, seed }),
          );
        },
      ),
      { seed: 77, numRuns: 300 },
    );
  });

  it('rejects a changed given, a changed solution digit, a removed given and a wrong grade', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 8 }),
        (seed, cell, shift) => {
          const doc = generatePage({ kind: 'sudoku', input: { size: 9, symmetry: 'none' }, seed })
            .doc as unknown as SudokuDoc;
          const [r, c] = [Math.floor(cell / 9), cell % 9];
          const mutate = (change: (copy: SudokuDoc) => void) => {
            const copy = structuredClone(doc);
            change(copy);
            return validatePage({ kind: 'sudoku', doc: copy }).ok;
          };
          const bump = (digit: number) => ((digit - 1 + shift) % 9) + 1;
          expect(
            mutate((copy) => ((copy.solution[r] as number[])[c] = bump(copy.solution[r]?.[c] ?? 1))),
          ).toBe(false);
          const givenCell = doc.givens.flat().findIndex((digit, index) => digit > 0 && index >= cell);
          const g = givenCell >= 0 ? givenCell : doc.givens.flat().findIndex((digit) => digit > 0);
          const [gr, gc] = [Math.floor(g / 9), g % 9];
          expect(
            mutate((copy) => ((copy.givens[gr] as number[])[gc] = bump(copy.givens[gr]?.[gc] ?? 1))),
          ).toBe(false);
          // The generator removes givens until none can go, so any removal allows a second solution.
          expect(mutate((copy) => ((copy.givens[gr] as number[])[gc] = 0))).toBe(false);
          expect(mutate((copy) => (copy.grade = copy.grade === 'expert' ? 'simple' : 'expert'))).toBe(false);
        },
      ),
      { seed: 31, numRuns: 300 },
    );
  });
});
