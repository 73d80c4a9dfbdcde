/** The grid sizes offered, each with its box shape (rows × columns of one box). */
export const SUDOKU_BOXES = {
  4: { boxRows: 2, boxCols: 2 },
  6: { boxRows: 2, boxCols: 3 },
  9: { boxRows: 3, boxCols: 3 },
  16: { boxRows: 4, boxCols: 4 },
} as const;

/** A grid size offered: 4, 6, 9 or 16. */
export type SudokuSize = keyof typeof SUDOKU_BOXES;

/**
 * Precomputed index tables of one grid size. Cells are numbered row by row (`row * size + col`);
 * digit `d` (1-based) is candidate bit `1 << (d - 1)`. Flat typed arrays keep the solvers'
 * inner loops free of allocation.
 */
export interface SudokuGeometry {
  size: number;
  boxRows: number;
  boxCols: number;
  cellCount: number;
  /** Every candidate bit set. */
  allDigits: number;
  /** Units: rows, then columns, then boxes; `unitCells[u * size + k]` is the k-th cell of unit u. */
  unitCount: number;
  unitCells: Int16Array;
  rowOf: Int16Array;
  colOf: Int16Array;
  boxOf: Int16Array;
  /** `peers[cell * peerCount + k]`: the cells sharing a row, column or box with `cell`. */
  peerCount: number;
  peers: Int16Array;
}

const CACHE = new Map<number, SudokuGeometry>();

/** Number of set bits of a candidate mask (masks never exceed 16 bits). */
export const BIT_COUNT: Uint8Array = (() => {
  const table = new Uint8Array(1 << 16);
  for (let mask = 1; mask < table.length; mask++) table[mask] = (table[mask >> 1] ?? 0) + (mask & 1);
  return table;
})();

/**
 * The 1-based digit of a single-bit mask.
 *
 * @example
 * toDigit(1 << 4); // 5
 */
export function toDigit(bit: number): number {
  return 32 - Math.clz32(bit);
}

/**
 * Returns the (cached) index tables of a sudoku size.
 *
 * @example
 * const geometry = readGeometry(9);
 * geometry.peerCount; // 20
 */
export function readGeometry(size: SudokuSize): SudokuGeometry {
  const cached = CACHE.get(size);
  if (cached) return cached;
  const { boxRows, boxCols } = SUDOKU_BOXES[size];
  const cellCount = size * size;
  const rowOf = new Int16Array(cellCount);
  const colOf = new Int16Array(cellCount);
  const boxOf = new Int16Array(cellCount);
  const boxesPerRow = size / boxCols;
  for (let cell = 0; cell < cellCount; cell++) {
    const row = Math.floor(cell / size);
    const col = cell % size;
    rowOf[cell] = row;
    colOf[cell] = col;
    boxOf[cell] = Math.floor(row / boxRows) * boxesPerRow + Math.floor(col / boxCols);
  }
  const unitCount = 3 * size;
  const unitCells = new Int16Array(unitCount * size);
  const filled = new Int16Array(unitCount);
  for (let cell = 0; cell < cellCount; cell++) {
    for (const unit of [rowOf[cell] ?? 0, size + (colOf[cell] ?? 0), 2 * size + (boxOf[cell] ?? 0)]) {
      unitCells[unit * size + (filled[unit] ?? 0)] = cell;
      filled[unit] = (filled[unit] ?? 0) + 1;
    }
  }
  const peerCount = 3 * size - boxRows - boxCols - 1;
  const peers = new Int16Array(cellCount * peerCount);
  for (let cell = 0; cell < cellCount; cell++) {
    let k = 0;
    for (let other = 0; other < cellCount; other++) {
      if (other === cell) continue;
      if (rowOf[other] === rowOf[cell] || colOf[other] === colOf[cell] || boxOf[other] === boxOf[cell]) {
        peers[cell * peerCount + k++] = other;
      }
    }
  }
  const geometry: SudokuGeometry = {
    size,
    boxRows,
    boxCols,
    cellCount,
    allDigits: (1 << size) - 1,
    unitCount,
    unitCells,
    rowOf,
    colOf,
    boxOf,
    peerCount,
    peers,
  };
  CACHE.set(size, geometry);
  return geometry;
}

/**
 * True when `size` is one of the offered sudoku sizes.
 *
 * @example
 * isSudokuSize(6); // true
 */
export function isSudokuSize(size: unknown): size is SudokuSize {
  return size === 4 || size === 6 || size === 9 || size === 16;
}
