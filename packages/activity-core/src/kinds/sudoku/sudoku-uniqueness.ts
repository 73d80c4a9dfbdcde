import type { SudokuGeometry } from './sudoku-geometry.js';
import { searchSolutions } from './sudoku-search.js';

/** Branching nodes a uniqueness check may use; past it the cell is kept (never wrong, only fuller). */
const CHECK_BUDGET: Record<number, number> = { 4: 1_000, 6: 2_000, 9: 20_000, 16: 500 };

function readPeerDigits(geometry: SudokuGeometry, givens: Int8Array, cell: number): number {
  const { peers, peerCount } = geometry;
  let used = 0;
  for (let k = cell * peerCount, end = k + peerCount; k < end; k++) {
    const digit = givens[peers[k] as number] as number;
    if (digit > 0) used |= 1 << (digit - 1);
  }
  return used;
}

/**
 * True when the givens alone pin `bit` to `cell`: its peers' givens leave it no other digit, or
 * they rule the digit out of every other empty cell of one of its units. A cheap test that
 * spares most searches early in the removal, when the grid is still full.
 */
function isPinnedByGivens(geometry: SudokuGeometry, givens: Int8Array, cell: number, bit: number): boolean {
  if ((geometry.allDigits & ~readPeerDigits(geometry, givens, cell)) === bit) return true;
  const { size, unitCells, rowOf, colOf, boxOf } = geometry;
  for (const unit of [
    rowOf[cell] as number,
    size + (colOf[cell] as number),
    2 * size + (boxOf[cell] as number),
  ]) {
    let elsewhere = false;
    for (let k = unit * size, end = k + size; k < end && !elsewhere; k++) {
      const other = unitCells[k] as number;
      if (other !== cell && givens[other] === 0 && (readPeerDigits(geometry, givens, other) & bit) === 0)
        elsewhere = true;
    }
    if (!elsewhere) return true;
  }
  return false;
}

/**
 * True when no solution of `givens` differs from `solution` in any of `cells` — the cells just
 * emptied of a puzzle whose only solution was `solution`. One search per cell, with the known
 * digit excluded, stopping at the first solution: the same question as counting to two, faster.
 *
 * @example
 * givens[40] = 0;
 * if (!isStillUnique(geometry, givens, solution, [40])) givens[40] = solution[40];
 */
export function isStillUnique(
  geometry: SudokuGeometry,
  givens: Int8Array,
  solution: Int8Array,
  cells: number[],
): boolean {
  const budget = CHECK_BUDGET[geometry.size] ?? 2_000;
  for (const cell of cells) {
    const mask = 1 << ((solution[cell] ?? 1) - 1);
    if (isPinnedByGivens(geometry, givens, cell, mask)) continue;
    const found = searchSolutions(geometry, givens, {
      limit: 1,
      budget,
      exclude: { cell, mask },
      record: false,
    });
    if (found.count > 0 || !found.complete) return false;
  }
  return true;
}
