import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../../generate-page.js';
import { createRandom } from '../../random/seeded-random.js';
import { readClues, readLineClue } from './nonogram-clues.js';
import { solveByLines } from './nonogram-solver.js';
import type { NonogramDoc } from './nonogram-types.js';

// An independent check: plain backtracking row by row over every arrangement of each row's
// clue, pruning with column prefixes. Counts solutions up to `limit`.
function arrangeRow(clue: readonly number[], width: number): number[][] {
  const out: number[][] = [];
  const place = (block: number, start: number, row: number[]): void => {
    if (block === clue.length) {
      out.push(row.concat(new Array(width - row.length).fill(0)));
      return;
    }
    const length = clue[block] as number;
    for (let s = start; s + length <= width; s++) {
      const next = row.concat(new Array(s - row.length).fill(0), new Array(length).fill(1));
      if (block < clue.length - 1) next.push(0);
      if (next.length <= width) place(block + 1, next.length, next);
    }
  };
  place(0, 0, []);
  return out;
}

function columnPrefixFits(cells: number[], clue: readonly number[], complete: boolean): boolean {
  const runs = readLineClue(cells);
  if (complete) return runs.length === clue.length && runs.every((run, i) => run === clue[i]);
  if (runs.length > clue.length) return false;
  const open = cells[cells.length - 1] === 1;
  return runs.every((run, i) =>
    i === runs.length - 1 && open ? run <= (clue[i] as number) : run === clue[i],
  );
}

function countSolutions(rowClues: number[][], colClues: number[][], limit: number): number {
  const width = colClues.length;
  const options = rowClues.map((clue) => arrangeRow(clue, width));
  const rows: number[][] = [];
  let found = 0;
  const search = (r: number): void => {
    if (found >= limit) return;
    if (r === rowClues.length) {
      found++;
      return;
    }
    for (const row of options[r] ?? []) {
      rows.push(row);
      const complete = r === rowClues.length - 1;
      if (
        colClues.every((clue, c) =>
          columnPrefixFits(
            rows.map((x) => x[c] as number),
            clue,
            complete,
          ),
        )
      )
        search(r + 1);
      rows.pop();
    }
  };
  search(0);
  return found;
}

// fast-check picks the size and density; the cells come from a seeded Random, because
// fast-check's bias toward small values would make nearly every picture trivially unique.
const pictureArbitrary = fc
  .record({
    width: fc.integer({ min: 3, max: 8 }),
    height: fc.integer({ min: 3, max: 8 }),
    density: fc.integer({ min: 2, max: 8 }),
    seed: fc.integer(),
  })
  .map(({ width, height, density, seed }) => {
    const random = createRandom(seed);
    return Array.from({ length: height }, () =>
      Array.from({ length: width }, () => (random.chance(density / 10) ? 1 : 0)),
    );
  });

describe('nonogram uniqueness', () => {
  it('line-solved clues have exactly one solution, and ambiguous clues are never line-solved', () => {
    let solvedCount = 0;
    let ambiguousCount = 0;
    fc.assert(
      fc.property(pictureArbitrary, (picture) => {
        const { rowClues, colClues } = readClues(picture);
        const solved = solveByLines(rowClues, colClues).solved;
        const count = countSolutions(rowClues, colClues, 2);
        expect(count).toBeGreaterThanOrEqual(1);
        if (solved) {
          solvedCount++;
          expect(count).toBe(1);
        }
        if (count > 1) {
          ambiguousCount++;
          expect(solved).toBe(false);
        }
      }),
      { seed: 7, numRuns: 1500 },
    );
    // Both branches must really be exercised for the property to mean anything.
    expect(solvedCount).toBeGreaterThan(100);
    expect(ambiguousCount).toBeGreaterThan(100);
  });

  it('every random nonogram up to 8×8 has exactly one solution by backtracking', () => {
    for (let seed = 0; seed < 300; seed++) {
      const side = 5 + (seed % 4);
      const page = generatePage({
        kind: 'nonogram',
        input: { width: side, height: 13 - side, density: 0.3 + (seed % 6) / 10 },
        seed,
      });
      const doc = page.doc as unknown as NonogramDoc;
      expect(countSolutions(doc.rowClues, doc.colClues, 2)).toBe(1);
    }
  });
});
