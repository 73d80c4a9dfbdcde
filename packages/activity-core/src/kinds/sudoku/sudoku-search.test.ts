import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random/seeded-random.js';
import { readGeometry } from './sudoku-geometry.js';
import { searchSolutions } from './sudoku-search.js';

const toCells = (text: string) => Int8Array.from(text, (ch) => (ch === '.' ? 0 : Number(ch)));
// Arto Inkala's "world's hardest sudoku" (2012): one solution, deep search.
const HARD = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

describe('sudoku search', () => {
  const geometry = readGeometry(9);

  it('finds the one solution of a hard puzzle and proves it unique', () => {
    const result = searchSolutions(geometry, toCells(HARD), { limit: 2, budget: 1_000_000 });
    expect(result.count).toBe(1);
    expect(result.complete).toBe(true);
    expect(Array.from(result.solution ?? []).join('')).toBe(
      '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
    );
  });

  it('stops at two solutions for an empty grid', () => {
    expect(searchSolutions(geometry, new Int8Array(81), { limit: 2, budget: 1_000 }).count).toBe(2);
  });

  it('reports no solution for contradictory givens', () => {
    const cells = new Int8Array(81);
    cells[0] = 5;
    cells[1] = 5;
    expect(searchSolutions(geometry, cells, { limit: 2, budget: 1_000 }).count).toBe(0);
  });

  it('finds no other solution when the known digit of a cell is excluded from a proper puzzle', () => {
    const givens = toCells(HARD);
    expect(
      searchSolutions(geometry, givens, { limit: 1, budget: 1_000_000, exclude: { cell: 1, mask: 1 << 0 } })
        .count,
    ).toBe(0);
  });

  it('says when the node budget ran out', () => {
    expect(searchSolutions(geometry, toCells(HARD), { limit: 2, budget: 3 }).complete).toBe(false);
  });

  it.each([4, 6, 9, 16] as const)('fills a random valid %i×%i grid', (size) => {
    const grid = readGeometry(size);
    const { solution } = searchSolutions(grid, new Int8Array(grid.cellCount), {
      limit: 1,
      budget: 50_000,
      random: createRandom(size),
    });
    expect(solution).not.toBeNull();
    for (let unit = 0; unit < grid.unitCount; unit++) {
      const digits = new Set(
        Array.from(grid.unitCells.subarray(unit * size, (unit + 1) * size), (cell) => solution?.[cell]),
      );
      expect(digits.size).toBe(size);
    }
  });
});
