import { ActivityError } from '../../errors.js';
import type { Random } from '../../random/seeded-random.js';
import { readGeometry, type SudokuGeometry } from './sudoku-geometry.js';
import {
  createTechniqueCounts,
  type GradeResult,
  gradePuzzle,
  SUDOKU_GRADES,
  stepLogic,
} from './sudoku-grader.js';
import { searchSolutions } from './sudoku-search.js';
import { listSymmetryGroups } from './sudoku-symmetry.js';
import { createLogicState, placeBit } from './sudoku-techniques.js';
import type { SudokuDoc, SudokuInput } from './sudoku-types.js';
import { isStillUnique } from './sudoku-uniqueness.js';

/**
 * Grids tried per page before settling for the closest grade: a count, not a clock, so a seed
 * gives the same page on every machine. Small grids are cheap but rarely reach the hard grades.
 */
const ATTEMPTS: Record<number, number> = { 4: 100, 6: 400, 9: 60, 16: 4 };

interface Candidate {
  givens: Int8Array;
  solution: Int8Array;
  result: GradeResult;
}

function fillSolution(geometry: SudokuGeometry, random: Random): Int8Array {
  // A random fill almost never needs more than a few hundred nodes; retry the rare stuck one.
  for (let attempt = 0; attempt < 20; attempt++) {
    const empty = new Int8Array(geometry.cellCount);
    const { solution } = searchSolutions(geometry, empty, { limit: 1, budget: 50_000, random });
    if (solution) return solution;
  }
  throw new ActivityError(
    'ACT_GENERATION_FAILED',
    `Could not fill a ${geometry.size}×${geometry.size} grid.`,
  );
}

/** Removes symmetric groups of givens in random order while the solution stays unique. */
function removeGivens(
  geometry: SudokuGeometry,
  solution: Int8Array,
  groups: number[][],
  random: Random,
): Int8Array {
  const givens = Int8Array.from(solution);
  for (const group of random.shuffle(groups)) {
    for (const cell of group) givens[cell] = 0;
    if (!isStillUnique(geometry, givens, solution, group)) {
      for (const cell of group) givens[cell] = solution[cell] ?? 0;
    }
  }
  return givens;
}

/**
 * Gives back symmetric groups of the solution wherever a solver limited to `level` gets stuck,
 * so a puzzle harder than wanted becomes solvable at that level. More givens never break
 * uniqueness.
 */
function easeToLevel(
  geometry: SudokuGeometry,
  candidate: Candidate,
  level: number,
  groups: number[][],
  random: Random,
): Candidate {
  const { solution } = candidate;
  const givens = Int8Array.from(candidate.givens);
  const groupOf = new Int32Array(geometry.cellCount);
  groups.forEach((group, index) => {
    for (const cell of group) groupOf[cell] = index;
  });
  const state = createLogicState(geometry, givens);
  const counts = createTechniqueCounts();
  while (state.remaining > 0) {
    if (stepLogic(state, counts, level, solution)) continue;
    const open: number[] = [];
    for (let cell = 0; cell < geometry.cellCount; cell++) if (state.placed[cell] === 0) open.push(cell);
    for (const cell of groups[groupOf[random.pick(open)] ?? 0] ?? []) {
      givens[cell] = solution[cell] ?? 0;
      placeBit(state, cell, 1 << ((solution[cell] ?? 1) - 1));
    }
  }
  return { givens, solution, result: gradePuzzle(geometry, givens, solution) };
}

function toRows(cells: Int8Array, size: number): number[][] {
  return Array.from({ length: size }, (_, row) => Array.from(cells.subarray(row * size, (row + 1) * size)));
}

/**
 * Makes a sudoku with exactly one solution, graded by the hardest technique needed, trying new
 * grids until the requested grade is met or the attempts run out (then the closest grade found).
 *
 * @example
 * const doc = generateSudoku({ size: 9, difficulty: 'easy', symmetry: 'rotate180' }, createRandom('x'));
 */
export function generateSudoku(input: SudokuInput, random: Random): SudokuDoc {
  const geometry = readGeometry(input.size);
  const groups = listSymmetryGroups(input.size, input.symmetry);
  const target = input.difficulty === 'any' ? -1 : SUDOKU_GRADES.indexOf(input.difficulty);
  const attempts = target < 0 ? 1 : (ATTEMPTS[input.size] ?? 10);
  let best: Candidate | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < attempts && bestDistance > 0; attempt++) {
    const solution = fillSolution(geometry, random);
    const givens = removeGivens(geometry, solution, groups, random);
    let candidate: Candidate = { givens, solution, result: gradePuzzle(geometry, givens, solution) };
    if (target >= 0 && SUDOKU_GRADES.indexOf(candidate.result.grade) > target) {
      candidate = easeToLevel(geometry, candidate, target, groups, random);
    }
    const distance = target < 0 ? 0 : Math.abs(SUDOKU_GRADES.indexOf(candidate.result.grade) - target);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (!best) throw new ActivityError('ACT_GENERATION_FAILED', 'The sudoku generator made no attempt.');
  const { givens, solution, result } = best;
  const { boxRows, boxCols, size } = geometry;
  return {
    size: input.size,
    boxRows,
    boxCols,
    givens: toRows(givens, size),
    solution: toRows(solution, size),
    grade: result.grade,
    requestedDifficulty: input.difficulty,
    techniques: result.techniques,
    symmetry: input.symmetry,
    clueCount: givens.reduce((count, digit) => count + (digit > 0 ? 1 : 0), 0),
  };
}
