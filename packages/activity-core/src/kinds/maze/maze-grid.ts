import type { ShapeMask } from '../../internal/shape-mask.js';

/** Wall bit of the north side: a set bit is a wall on that side. */
export const NORTH = 1;
/** Wall bit of the east side. */
export const EAST = 2;
/** Wall bit of the south side. */
export const SOUTH = 4;
/** Wall bit of the west side. */
export const WEST = 8;

/** The four sides of a cell, clockwise from the top. */
export const SIDES = ['N', 'E', 'S', 'W'] as const;

/** One side of a cell. */
export type Side = (typeof SIDES)[number];

/** The wall bit of each side. */
export const SIDE_BITS: Record<Side, number> = { N: NORTH, E: EAST, S: SOUTH, W: WEST };

const ROW_STEP: Record<Side, number> = { N: -1, E: 0, S: 1, W: 0 };
const COL_STEP: Record<Side, number> = { N: 0, E: 1, S: 0, W: -1 };

/**
 * The bit of the side facing back: north ↔ south, east ↔ west.
 *
 * @example
 * oppositeBit(NORTH) === SOUTH;
 */
export function oppositeBit(bit: number): number {
  return bit <= EAST ? bit << 2 : bit >> 2;
}

/**
 * The cell across `side` of `cell`, or -1 outside the grid (the mask is not consulted).
 *
 * @example
 * stepCell(mask, 0, 'E'); // 1
 */
export function stepCell(mask: ShapeMask, cell: number, side: Side): number {
  const row = Math.floor(cell / mask.width) + ROW_STEP[side];
  const col = (cell % mask.width) + COL_STEP[side];
  return row < 0 || col < 0 || row >= mask.height || col >= mask.width ? -1 : row * mask.width + col;
}

/**
 * The sides of a masked cell whose neighbour is inside the mask, with those neighbours.
 *
 * @example
 * for (const [side, next] of listNeighbors(mask, cell)) …
 */
export function listNeighbors(mask: ShapeMask, cell: number): [Side, number][] {
  const out: [Side, number][] = [];
  for (const side of SIDES) {
    const next = stepCell(mask, cell, side);
    if (next >= 0 && mask.cells[next] === 1) out.push([side, next]);
  }
  return out;
}

/**
 * The sides of a masked cell that face outside the shape (where an entrance may open).
 *
 * @example
 * listBoundarySides(mask, 0); // ['N', 'W'] for a rectangle's corner
 */
export function listBoundarySides(mask: ShapeMask, cell: number): Side[] {
  return SIDES.filter((side) => {
    const next = stepCell(mask, cell, side);
    return next < 0 || mask.cells[next] !== 1;
  });
}

/**
 * Opens the passage between two neighbouring cells in an open-sides array.
 *
 * @example
 * carvePassage(open, mask, cell, 'E');
 */
export function carvePassage(open: Uint8Array, mask: ShapeMask, cell: number, side: Side): number {
  const next = stepCell(mask, cell, side);
  const bit = SIDE_BITS[side];
  open[cell] = (open[cell] as number) | bit;
  open[next] = (open[next] as number) | oppositeBit(bit);
  return next;
}
