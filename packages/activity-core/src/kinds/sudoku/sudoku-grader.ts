import type { SudokuGeometry } from './sudoku-geometry.js';
import { applyBoxLineReduction, applyPointingPair } from './sudoku-intersections.js';
import {
  applyHiddenPair,
  applyHiddenSingle,
  applyNakedPair,
  applyNakedSingles,
  createLogicState,
  type LogicState,
  placeBit,
  TECHNIQUES,
  type Technique,
} from './sudoku-techniques.js';

/** The grades, easiest first (qqwing's ladder). */
export const SUDOKU_GRADES = ['simple', 'easy', 'intermediate', 'expert'] as const;

/** A grade of the ladder. */
export type SudokuGrade = (typeof SUDOKU_GRADES)[number];

/** How often each technique was applied while solving. */
export type TechniqueCounts = Record<Technique, number>;

/** The grade (index into {@link SUDOKU_GRADES}) a technique makes a puzzle. */
export const TECHNIQUE_LEVEL: Record<Technique, number> = {
  nakedSingle: 0,
  hiddenSingle: 1,
  nakedPair: 2,
  pointingPair: 2,
  boxLineReduction: 2,
  hiddenPair: 2,
  guess: 3,
};

/**
 * Zero counts for every technique.
 *
 * @example
 * const counts = createTechniqueCounts(); // { nakedSingle: 0, …, guess: 0 }
 */
export function createTechniqueCounts(): TechniqueCounts {
  return Object.fromEntries(TECHNIQUES.map((technique) => [technique, 0])) as TechniqueCounts;
}

/** Places the known digit of the least-constrained cell, as a lucky guess would. */
function applyGuess(state: LogicState, solution: ArrayLike<number>): boolean {
  let best = -1;
  let fewest = 99;
  for (let cell = 0; cell < state.geometry.cellCount; cell++) {
    if (state.placed[cell] === 1) continue;
    let count = 0;
    for (let rest = state.cand[cell] as number; rest !== 0; rest &= rest - 1) count++;
    if (count < fewest) {
      best = cell;
      fewest = count;
    }
  }
  const digit = solution[best] ?? 0;
  if (best < 0 || digit < 1) return false;
  placeBit(state, best, 1 << (digit - 1));
  return true;
}

/** The techniques after naked singles, easiest first. */
const STEPS: readonly [Technique, (state: LogicState, solution: ArrayLike<number>) => boolean][] = [
  ['hiddenSingle', applyHiddenSingle],
  ['nakedPair', applyNakedPair],
  ['pointingPair', applyPointingPair],
  ['boxLineReduction', applyBoxLineReduction],
  ['hiddenPair', applyHiddenPair],
  ['guess', applyGuess],
];

/**
 * Applies the easiest technique that makes progress, up to `maxLevel`, and counts it. Returns the
 * technique used, or null when stuck (or solved). `solution` is only read by guesses.
 *
 * @example
 * while (stepLogic(state, counts, 2, solution)) {} // solve without guessing
 */
export function stepLogic(
  state: LogicState,
  counts: TechniqueCounts,
  maxLevel: number,
  solution: ArrayLike<number>,
): Technique | null {
  if (state.remaining === 0 || !state.consistent) return null;
  const singles = applyNakedSingles(state);
  if (singles > 0) {
    counts.nakedSingle += singles;
    return 'nakedSingle';
  }
  for (const [technique, apply] of STEPS) {
    if (TECHNIQUE_LEVEL[technique] > maxLevel) return null;
    if (apply(state, solution)) {
      counts[technique]++;
      return technique;
    }
  }
  return null;
}

/** The grade of a puzzle and the techniques its solving used. */
export interface GradeResult {
  grade: SudokuGrade;
  techniques: TechniqueCounts;
  /** False only for an inconsistent grid. */
  solved: boolean;
}

/**
 * Grades a puzzle by the hardest technique the easiest-first solver needed.
 *
 * @example
 * gradePuzzle(readGeometry(9), givens, solution).grade; // 'intermediate'
 */
export function gradePuzzle(
  geometry: SudokuGeometry,
  givens: ArrayLike<number>,
  solution: ArrayLike<number>,
): GradeResult {
  const state = createLogicState(geometry, givens);
  const techniques = createTechniqueCounts();
  let level = 0;
  for (let technique = stepLogic(state, techniques, 3, solution); technique; ) {
    level = Math.max(level, TECHNIQUE_LEVEL[technique]);
    technique = stepLogic(state, techniques, 3, solution);
  }
  return {
    grade: SUDOKU_GRADES[level] ?? 'expert',
    techniques,
    solved: state.remaining === 0 && state.consistent,
  };
}
