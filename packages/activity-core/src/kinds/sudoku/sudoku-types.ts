import type { SudokuSize } from './sudoku-geometry.js';
import type { SudokuGrade, TechniqueCounts } from './sudoku-grader.js';
import type { SudokuSymmetry } from './sudoku-symmetry.js';

/** A requested difficulty: one grade, or whatever the first grid gives. */
export type SudokuDifficulty = 'any' | SudokuGrade;

/** The normalised input of the sudoku kind. */
export interface SudokuInput {
  size: SudokuSize;
  difficulty: SudokuDifficulty;
  symmetry: SudokuSymmetry;
}

/** A sudoku page: plain JSON. Digits are 1..size; 0 is an empty cell in `givens`. */
export interface SudokuDoc {
  size: SudokuSize;
  boxRows: number;
  boxCols: number;
  /** Rows of the puzzle, 0 for an empty cell. */
  givens: number[][];
  /** Rows of the only solution. */
  solution: number[][];
  /** The hardest technique the easiest-first solver needed. */
  grade: SudokuGrade;
  requestedDifficulty: SudokuDifficulty;
  /** How often each technique was applied while grading. */
  techniques: TechniqueCounts;
  symmetry: SudokuSymmetry;
  /** Number of givens. */
  clueCount: number;
}
