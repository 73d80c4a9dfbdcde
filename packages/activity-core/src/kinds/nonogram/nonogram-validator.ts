import type { ActivityIssue } from '../../errors.js';
import { readClues } from './nonogram-clues.js';
import { readSolvedRows, solveByLines } from './nonogram-solver.js';

const fail = (message: string, path = ''): ActivityIssue => ({ code: 'ACT_INVALID_PAGE', message, path });

const isSide = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 5 && (value as number) <= 30;

function isGrid(value: unknown, width: number, height: number): value is number[][] {
  return (
    Array.isArray(value) &&
    value.length === height &&
    value.every(
      (row) => Array.isArray(row) && row.length === width && row.every((cell) => cell === 0 || cell === 1),
    )
  );
}

function isClueList(value: unknown, count: number): value is number[][] {
  return (
    Array.isArray(value) &&
    value.length === count &&
    value.every((clue) => Array.isArray(clue) && clue.every((run) => Number.isInteger(run) && run > 0))
  );
}

const sameClue = (a: readonly number[], b: readonly number[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((run, i) => run === b[i]);

/**
 * Checks a nonogram doc: sizes 5–30, the solution is 0/1 rows, the clues are the solution's, and
 * the line solver reaches exactly that solution from the clues (so it is the only one). Never
 * throws.
 *
 * @example
 * validateNonogram(page.doc); // [] when consistent
 */
export function validateNonogram(doc: unknown): ActivityIssue[] {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return [fail('A nonogram page must be an object.')];
  const { width, height, rowClues, colClues, solution } = doc as Record<string, unknown>;
  if (!isSide(width) || !isSide(height))
    return [fail('width and height must be whole numbers from 5 to 30.', '/width')];
  if (!isGrid(solution, width, height))
    return [fail(`solution must be ${height} rows of ${width} cells, each 0 or 1.`, '/solution')];
  const issues: ActivityIssue[] = [];
  if (!isClueList(rowClues, height))
    issues.push(fail(`rowClues must be ${height} lists of positive run lengths.`, '/rowClues'));
  if (!isClueList(colClues, width))
    issues.push(fail(`colClues must be ${width} lists of positive run lengths.`, '/colClues'));
  if (issues.length > 0) return issues;
  const clues = readClues(solution);
  clues.rowClues.forEach((clue, r) => {
    if (!sameClue(clue, (rowClues as number[][])[r]))
      issues.push(fail(`row ${r + 1}: the clue does not match the solution.`, `/rowClues/${r}`));
  });
  clues.colClues.forEach((clue, c) => {
    if (!sameClue(clue, (colClues as number[][])[c]))
      issues.push(fail(`column ${c + 1}: the clue does not match the solution.`, `/colClues/${c}`));
  });
  if (issues.length > 0) return issues;
  const solved = readSolvedRows(solveByLines(clues.rowClues, clues.colClues), width);
  if (!solved)
    issues.push(
      fail('The clues cannot be solved line by line without guessing, so the solution may not be unique.'),
    );
  return issues;
}
