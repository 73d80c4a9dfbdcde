import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLineClue } from './nonogram-clues.js';
import { EMPTY, FILLED, solveLine, UNKNOWN } from './nonogram-line-solver.js';

// The exact answer by enumeration: a cell is decided when every filling that matches the clue
// and the known cells agrees on it.
function enumerateForced(clue: number[], line: number[]): number[] | null {
  const n = line.length;
  let canFill = 0;
  let canEmpty = 0;
  let any = false;
  for (let mask = 0; mask < 1 << n; mask++) {
    const cells = Array.from({ length: n }, (_, i) => (mask >> i) & 1);
    if (cells.some((cell, i) => line[i] !== UNKNOWN && line[i] !== cell)) continue;
    const runs = readLineClue(cells);
    if (runs.length !== clue.length || runs.some((run, i) => run !== clue[i])) continue;
    any = true;
    canFill |= mask;
    canEmpty |= ~mask;
  }
  if (!any) return null;
  return line.map((_, i) => {
    const fill = (canFill >> i) & 1;
    const empty = (canEmpty >> i) & 1;
    return fill && empty ? UNKNOWN : fill ? FILLED : EMPTY;
  });
}

describe('solveLine', () => {
  it('finds the overlap of a long block', () => {
    expect(Array.from(solveLine([4], Int8Array.from([-1, -1, -1, -1, -1])) ?? [])).toEqual([-1, 1, 1, 1, -1]);
  });

  it('fills a line whose clue leaves no slack', () => {
    expect(Array.from(solveLine([2, 2], Int8Array.from([-1, -1, -1, -1, -1])) ?? [])).toEqual([
      1, 1, 0, 1, 1,
    ]);
  });

  it('empties a line with no runs', () => {
    expect(Array.from(solveLine([], Int8Array.from([-1, -1, -1])) ?? [])).toEqual([0, 0, 0]);
  });

  it('reports a contradiction', () => {
    expect(solveLine([3], Int8Array.from([-1, 0, -1, -1]))).toBeNull();
    expect(solveLine([], Int8Array.from([-1, 1]))).toBeNull();
  });

  it('deduces exactly what enumeration of every filling deduces', () => {
    const lineArbitrary = fc.array(fc.constantFrom(0, 1), { minLength: 1, maxLength: 12 }).chain((solution) =>
      fc.record({
        solution: fc.constant(solution),
        known: fc.array(fc.boolean(), { minLength: solution.length, maxLength: solution.length }),
        wrongClue: fc.option(fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }), { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(lineArbitrary, ({ solution, known, wrongClue }) => {
        const clue = wrongClue ?? readLineClue(solution);
        const line = solution.map((cell, i) => (known[i] ? cell : UNKNOWN));
        const solved = solveLine(clue, Int8Array.from(line));
        expect(solved ? Array.from(solved) : null).toEqual(enumerateForced(clue, line));
      }),
      { seed: 20240501, numRuns: 3000 },
    );
  });
});
