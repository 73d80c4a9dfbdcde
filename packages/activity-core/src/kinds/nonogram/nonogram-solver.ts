import { EMPTY, FILLED, solveLine, UNKNOWN } from './nonogram-line-solver.js';

/** What the line solver reached from a set of clues. */
export interface LineSolveResult {
  /** True when every cell was deduced: the clues then have exactly this one solution. */
  solved: boolean;
  /** True when the clues admit no solution at all. */
  contradiction: boolean;
  /** Row-major cells: FILLED, EMPTY or UNKNOWN. */
  cells: Int8Array;
}

/**
 * Solves a nonogram by iterated exact line deduction only — no guessing. When it finishes, the
 * solution is unique, because every step was forced by the clues. Lines are revisited only when a
 * crossing cell changed, so the work stays near-linear in practice.
 *
 * @example
 * const { solved } = solveByLines([[1], [1]], [[2], []]);
 * solved; // true: column 0 is full, column 1 empty
 */
export function solveByLines(rowClues: readonly number[][], colClues: readonly number[][]): LineSolveResult {
  const height = rowClues.length;
  const width = colClues.length;
  const cells = new Int8Array(width * height).fill(UNKNOWN);
  // Lines 0..height-1 are rows, height..height+width-1 columns.
  const dirty = new Uint8Array(height + width).fill(1);
  const queue: number[] = [];
  for (let i = 0; i < height + width; i++) queue.push(i);
  let unknown = width * height;
  while (queue.length > 0) {
    const index = queue.shift() as number;
    dirty[index] = 0;
    const isRow = index < height;
    const fixed = isRow ? index : index - height;
    const length = isRow ? width : height;
    const at = (i: number): number => (isRow ? fixed * width + i : i * width + fixed);
    const line = new Int8Array(length);
    for (let i = 0; i < length; i++) line[i] = cells[at(i)] ?? UNKNOWN;
    const clue = (isRow ? rowClues[fixed] : colClues[fixed]) ?? [];
    const solvedLine = solveLine(clue, line);
    if (!solvedLine) return { solved: false, contradiction: true, cells };
    for (let i = 0; i < length; i++) {
      const value = solvedLine[i] ?? UNKNOWN;
      if (value === UNKNOWN || line[i] !== UNKNOWN) continue;
      cells[at(i)] = value;
      unknown--;
      const crossing = isRow ? height + i : i;
      if (dirty[crossing] === 0) {
        dirty[crossing] = 1;
        queue.push(crossing);
      }
    }
  }
  return { solved: unknown === 0, contradiction: false, cells };
}

/**
 * The solution as rows of 0/1 when the solver finished; null otherwise.
 *
 * @example
 * readSolvedRows(solveByLines(rowClues, colClues), 10);
 */
export function readSolvedRows(result: LineSolveResult, width: number): number[][] | null {
  if (!result.solved) return null;
  const rows: number[][] = [];
  for (let start = 0; start < result.cells.length; start += width) {
    rows.push(
      Array.from(result.cells.subarray(start, start + width), (cell) => (cell === FILLED ? 1 : EMPTY)),
    );
  }
  return rows;
}
