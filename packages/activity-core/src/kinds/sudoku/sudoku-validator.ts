import type { ActivityIssue } from '../../errors.js';
import { isSudokuSize, readGeometry, SUDOKU_BOXES, type SudokuGeometry } from './sudoku-geometry.js';
import { gradePuzzle, SUDOKU_GRADES } from './sudoku-grader.js';
import { searchSolutions } from './sudoku-search.js';
import { hasSymmetry, SUDOKU_SYMMETRIES } from './sudoku-symmetry.js';
import { TECHNIQUES } from './sudoku-techniques.js';

/** Enough for any proper 16×16 puzzle; a page that needs more is reported, not trusted. */
const PROOF_BUDGET = 200_000;
const MAX_ISSUES = 20;

type Report = (path: string, message: string) => void;

function readCells(
  value: unknown,
  size: number,
  min: number,
  name: string,
  report: Report,
): Int8Array | null {
  if (!Array.isArray(value) || value.length !== size) {
    report(`/${name}`, `${name} must be ${size} rows.`);
    return null;
  }
  const cells = new Int8Array(size * size);
  let ok = true;
  value.forEach((row: unknown, r) => {
    if (!Array.isArray(row) || row.length !== size) {
      report(`/${name}/${r}`, `${name} row ${r + 1} must have ${size} cells.`);
      ok = false;
      return;
    }
    row.forEach((digit: unknown, c) => {
      if (typeof digit !== 'number' || !Number.isInteger(digit) || digit < min || digit > size) {
        report(
          `/${name}/${r}/${c}`,
          `${name} cell (${r + 1}, ${c + 1}) must be a whole number from ${min} to ${size}.`,
        );
        ok = false;
      } else cells[r * size + c] = digit;
    });
  });
  return ok ? cells : null;
}

function checkSolutionGrid(geometry: SudokuGeometry, solution: Int8Array, report: Report): boolean {
  const { size, unitCells, unitCount, allDigits } = geometry;
  let ok = true;
  for (let unit = 0; unit < unitCount; unit++) {
    let seen = 0;
    for (let k = 0; k < size; k++)
      seen |= 1 << ((solution[unitCells[unit * size + k] as number] as number) - 1);
    if (seen !== allDigits) {
      const kind = unit < size ? 'row' : unit < 2 * size ? 'column' : 'box';
      report('/solution', `the solution's ${kind} ${(unit % size) + 1} repeats a digit.`);
      ok = false;
    }
  }
  return ok;
}

function checkGivens(
  geometry: SudokuGeometry,
  givens: Int8Array,
  solution: Int8Array,
  report: Report,
): boolean {
  let ok = true;
  for (let cell = 0; cell < geometry.cellCount; cell++) {
    const digit = givens[cell] as number;
    if (digit !== 0 && digit !== solution[cell]) {
      const row = Math.floor(cell / geometry.size);
      const col = cell % geometry.size;
      report(`/givens/${row}/${col}`, `given (${row + 1}, ${col + 1}) disagrees with the solution.`);
      ok = false;
    }
  }
  return ok;
}

function checkUniqueAndGrade(
  doc: Record<string, unknown>,
  geometry: SudokuGeometry,
  givens: Int8Array,
  solution: Int8Array,
  report: Report,
): void {
  const search = searchSolutions(geometry, givens, { limit: 2, budget: PROOF_BUDGET });
  if (search.count > 1) report('/givens', 'the givens admit more than one solution.');
  else if (!search.complete)
    report('/givens', 'the givens could not be proven to have one solution within the search budget.');
  if (search.count !== 1 || !search.complete) return;
  const { grade, techniques } = gradePuzzle(geometry, givens, solution);
  if (doc.grade !== grade) report('/grade', `grade must be "${grade}" for these givens.`);
  const stated = doc.techniques;
  if (
    typeof stated !== 'object' ||
    stated === null ||
    TECHNIQUES.some((t) => (stated as Record<string, unknown>)[t] !== techniques[t])
  ) {
    report('/techniques', 'techniques must count the techniques the grading solver applies to these givens.');
  }
}

function checkLabels(
  doc: Record<string, unknown>,
  givens: Int8Array | null,
  size: number,
  report: Report,
): void {
  if (!SUDOKU_GRADES.includes(doc.grade as never))
    report('/grade', `grade must be one of ${SUDOKU_GRADES.join(', ')}.`);
  if (doc.requestedDifficulty !== 'any' && !SUDOKU_GRADES.includes(doc.requestedDifficulty as never)) {
    report('/requestedDifficulty', `requestedDifficulty must be any or one of ${SUDOKU_GRADES.join(', ')}.`);
  }
  if (!SUDOKU_SYMMETRIES.includes(doc.symmetry as never))
    report('/symmetry', `symmetry must be one of ${SUDOKU_SYMMETRIES.join(', ')}.`);
  else if (givens && !hasSymmetry(givens, size, doc.symmetry as never))
    report('/givens', `the givens do not have ${String(doc.symmetry)} symmetry.`);
  if (givens && doc.clueCount !== givens.reduce((n, digit) => n + (digit > 0 ? 1 : 0), 0)) {
    report('/clueCount', 'clueCount must be the number of givens.');
  }
}

/**
 * Checks a sudoku doc: shape, digit ranges, givens agreeing with a valid solution, exactly one
 * solution (by search), and the stated grade. Never throws.
 *
 * @example
 * validateSudoku(page.doc); // [] for every generated page
 */
export function validateSudoku(doc: unknown): ActivityIssue[] {
  const issues: ActivityIssue[] = [];
  const report: Report = (path, message) => {
    if (issues.length < MAX_ISSUES) issues.push({ code: 'ACT_INVALID_PAGE', message, path });
  };
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    report('', 'a sudoku page must be an object.');
    return issues;
  }
  const page = doc as Record<string, unknown>;
  const size = page.size;
  if (!isSudokuSize(size)) {
    report('/size', 'size must be 4, 6, 9 or 16.');
    return issues;
  }
  if (page.boxRows !== SUDOKU_BOXES[size].boxRows || page.boxCols !== SUDOKU_BOXES[size].boxCols) {
    report(
      '/boxRows',
      `a ${size}×${size} grid has boxes of ${SUDOKU_BOXES[size].boxRows}×${SUDOKU_BOXES[size].boxCols}.`,
    );
  }
  const geometry = readGeometry(size);
  const givens = readCells(page.givens, size, 0, 'givens', report);
  const solution = readCells(page.solution, size, 1, 'solution', report);
  checkLabels(page, givens, size, report);
  if (!givens || !solution || !checkSolutionGrid(geometry, solution, report)) return issues;
  if (!checkGivens(geometry, givens, solution, report) || issues.length > 0) return issues;
  checkUniqueAndGrade(page, geometry, givens, solution, report);
  return issues;
}
