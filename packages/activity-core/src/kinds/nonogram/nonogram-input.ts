import type { ActivityIssue } from '../../errors.js';
import { readClues } from './nonogram-clues.js';
import { UNKNOWN } from './nonogram-line-solver.js';
import { solveByLines } from './nonogram-solver.js';
import type { NonogramInput } from './nonogram-types.js';

const MIN_SIDE = 5;
const MAX_SIDE = 30;
/** Sparser random pictures above this side are almost never line-solvable (measured). */
const LARGE_SIDE = 25;
const LARGE_MIN_DENSITY = 0.45;
const FILLED_MARKS = new Set(['1', '#', 'X', 'x', '*', '█', '■']);
const EMPTY_MARKS = new Set(['0', '.', ' ', '-', '_']);

const issue = (message: string, path = '/picture'): ActivityIssue => ({
  code: 'ACT_INVALID_INPUT',
  message,
  path,
});

function readCell(value: unknown): number | null {
  if (value === 1 || value === true || (typeof value === 'string' && FILLED_MARKS.has(value))) return 1;
  if (value === 0 || value === false || (typeof value === 'string' && EMPTY_MARKS.has(value))) return 0;
  return null;
}

function readPicture(raw: readonly unknown[], issues: ActivityIssue[]): number[][] {
  const rows: number[][] = [];
  raw.forEach((row, r) => {
    const cells: unknown[] | null =
      typeof row === 'string' ? Array.from(row) : Array.isArray(row) ? row : null;
    if (!cells) {
      issues.push(
        issue(`picture row ${r + 1}: expected text like "01110" or a list of 0/1.`, `/picture/${r}`),
      );
      return;
    }
    const values = cells.map(readCell);
    const bad = values.indexOf(null);
    if (bad >= 0) {
      issues.push(
        issue(
          `picture row ${r + 1}, cell ${bad + 1}: use 1, #, X or true for filled and 0, ., space or false for empty.`,
          `/picture/${r}`,
        ),
      );
      return;
    }
    rows.push(values as number[]);
  });
  if (issues.length > 0) return rows;
  const width = rows[0]?.length ?? 0;
  if (width < MIN_SIDE || width > MAX_SIDE)
    issues.push(issue(`picture: rows must be ${MIN_SIDE} to ${MAX_SIDE} cells wide, got ${width}.`));
  const ragged = rows.findIndex((row) => row.length !== width);
  if (ragged >= 0)
    issues.push(
      issue(
        `picture row ${ragged + 1} has ${rows[ragged]?.length} cells; row 1 has ${width}.`,
        `/picture/${ragged}`,
      ),
    );
  if (issues.length === 0 && rows.every((row) => row.every((cell) => cell === 0)))
    issues.push(issue('picture: no cell is filled.'));
  return rows;
}

function listLines(indexes: ReadonlySet<number>): string {
  const sorted = [...indexes].sort((a, b) => a - b).map((i) => i + 1);
  return sorted.length > 6 ? `${sorted.slice(0, 6).join(', ')} …` : sorted.join(', ');
}

// A picture is refused unless line logic alone decides every cell; the message says where it stalls.
function checkLineSolvable(picture: number[][]): ActivityIssue | null {
  const width = picture[0]?.length ?? 0;
  const { rowClues, colClues } = readClues(picture);
  const result = solveByLines(rowClues, colClues);
  if (result.solved) return null;
  const rows = new Set<number>();
  const cols = new Set<number>();
  result.cells.forEach((cell, index) => {
    if (cell !== UNKNOWN) return;
    rows.add(Math.floor(index / width));
    cols.add(index % width);
  });
  const undecided = result.cells.filter((cell) => cell === UNKNOWN).length;
  return issue(
    `picture: line-by-line solving stalls with ${undecided} cells undecided (rows ${listLines(rows)}; columns ${listLines(cols)}), ` +
      'so solving it would need guessing and it may have more than one solution. Fill or clear a cell there (or add detail) and try again.',
  );
}

/**
 * The nonogram-specific input checks: a picture must be rectangular 0/1 rows of 5–30 cells and
 * solvable by line logic alone; a random picture larger than 25 cells a side needs density ≥ 0.45.
 *
 * @example
 * normalizeNonogramInput({ picture: ['01110', '11011', '11111', '11011', '01110'], width: 10, height: 10, density: 0.6 });
 */
export function normalizeNonogramInput(values: Record<string, unknown>): {
  input: NonogramInput;
  issues: ActivityIssue[];
} {
  const issues: ActivityIssue[] = [];
  const density = Number(values.density);
  let width = Number(values.width);
  let height = Number(values.height);
  let picture: number[][] | null = null;
  if (Array.isArray(values.picture)) {
    picture = readPicture(values.picture, issues);
    if (issues.length === 0) {
      const unsolvable = checkLineSolvable(picture);
      if (unsolvable) issues.push(unsolvable);
      width = picture[0]?.length ?? 0;
      height = picture.length;
    }
  } else if (Math.max(width, height) > LARGE_SIDE && density < LARGE_MIN_DENSITY) {
    issues.push(
      issue(
        `density: at least ${LARGE_MIN_DENSITY} for random pictures over ${LARGE_SIDE} cells a side; sparser ones are almost never solvable without guessing.`,
        '/density',
      ),
    );
  }
  return { input: { picture, width, height, density }, issues };
}
