/** Symmetries of the pattern of givens. */
export const SUDOKU_SYMMETRIES = ['none', 'rotate180', 'rotate90', 'mirror'] as const;

/** A symmetry of the givens' pattern. */
export type SudokuSymmetry = (typeof SUDOKU_SYMMETRIES)[number];

function mapCell(size: number, symmetry: SudokuSymmetry, cell: number): number {
  const row = Math.floor(cell / size);
  const col = cell % size;
  switch (symmetry) {
    case 'none':
      return cell;
    case 'rotate180':
      return (size - 1 - row) * size + (size - 1 - col);
    case 'rotate90':
      return col * size + (size - 1 - row);
    case 'mirror':
      return row * size + (size - 1 - col);
  }
}

/**
 * Splits the cells into groups that are kept or removed together so the givens keep the symmetry:
 * each group is one cell's orbit (1, 2 or 4 cells), in cell order.
 *
 * @example
 * listSymmetryGroups(9, 'rotate180')[0]; // [0, 80]
 */
export function listSymmetryGroups(size: number, symmetry: SudokuSymmetry): number[][] {
  const seen = new Uint8Array(size * size);
  const groups: number[][] = [];
  for (let cell = 0; cell < size * size; cell++) {
    if (seen[cell] === 1) continue;
    const group: number[] = [];
    for (let member = cell; seen[member] === 0; member = mapCell(size, symmetry, member)) {
      seen[member] = 1;
      group.push(member);
    }
    groups.push(group);
  }
  return groups;
}

/**
 * True when the pattern of non-zero cells is unchanged by the symmetry.
 *
 * @example
 * hasSymmetry(givens, 9, 'mirror');
 */
export function hasSymmetry(cells: ArrayLike<number>, size: number, symmetry: SudokuSymmetry): boolean {
  for (let cell = 0; cell < size * size; cell++) {
    const other = mapCell(size, symmetry, cell);
    if (((cells[cell] ?? 0) === 0) !== ((cells[other] ?? 0) === 0)) return false;
  }
  return true;
}
