import type { ShapeMask } from '../../internal/shape-mask.js';
import { listBoundarySides, SIDE_BITS, SIDES, type Side, stepCell } from './maze-grid.js';
import type { MazeOpeningRule } from './maze-types.js';

/**
 * Breadth-first distances (and parents) from `start` through the open passages.
 *
 * @example
 * const { distance } = walkPassages(mask, open, 0);
 */
export function walkPassages(
  mask: ShapeMask,
  open: Uint8Array,
  start: number,
): { distance: Int32Array; parent: Int32Array } {
  const distance = new Int32Array(mask.cells.length).fill(-1);
  const parent = new Int32Array(mask.cells.length).fill(-1);
  const queue = new Int32Array(mask.cells.length);
  let head = 0;
  let tail = 0;
  distance[start] = 0;
  queue[tail++] = start;
  while (head < tail) {
    const cell = queue[head++] as number;
    for (const side of SIDES) {
      if (((open[cell] as number) & SIDE_BITS[side]) === 0) continue;
      const next = stepCell(mask, cell, side);
      if (next < 0 || distance[next] !== -1) continue;
      distance[next] = (distance[cell] as number) + 1;
      parent[next] = cell;
      queue[tail++] = next;
    }
  }
  return { distance, parent };
}

function farthestOf(mask: ShapeMask, open: Uint8Array, from: number, candidates: number[]): number {
  const { distance } = walkPassages(mask, open, from);
  let best = candidates[0] ?? from;
  for (const cell of candidates) if ((distance[cell] as number) > (distance[best] as number)) best = cell;
  return best;
}

const PREFERRED: Record<MazeOpeningRule, [Side[], Side[]]> = {
  farthest: [
    ['N', 'W', 'E', 'S'],
    ['S', 'E', 'W', 'N'],
  ],
  'top-bottom': [['N'], ['S']],
  'left-right': [['W'], ['E']],
};

function pickSide(mask: ShapeMask, cell: number, preferred: Side[]): Side {
  const sides = listBoundarySides(mask, cell);
  return preferred.find((side) => sides.includes(side)) ?? sides[0] ?? 'N';
}

/**
 * Chooses the entrance and exit: boundary cells (facing the required sides) as far apart along
 * the maze as a three-sweep farthest search finds, the entrance the earlier in reading order for
 * `farthest`. Falls back to `farthest` when the sides allow only one cell.
 *
 * @example
 * const { entrance, exit } = chooseOpenings(mask, open, 'top-bottom');
 */
export function chooseOpenings(
  mask: ShapeMask,
  open: Uint8Array,
  rule: MazeOpeningRule,
): { entrance: number; exit: number; entranceSide: Side; exitSide: Side } {
  const [entranceSides, exitSides] = PREFERRED[rule];
  const facing = (sides: Side[]) => {
    const cells: number[] = [];
    mask.cells.forEach((inside, cell) => {
      if (inside === 1 && listBoundarySides(mask, cell).some((side) => sides.includes(side)))
        cells.push(cell);
    });
    return cells;
  };
  const starts = facing(entranceSides);
  const ends = facing(exitSides);
  let entrance = farthestOf(mask, open, ends[0] ?? 0, starts);
  const exit = farthestOf(mask, open, entrance, ends);
  entrance = farthestOf(mask, open, exit, starts);
  if (entrance === exit) {
    if (rule !== 'farthest') return chooseOpenings(mask, open, 'farthest');
    throw new Error('a maze needs at least two cells');
  }
  const [first, second] = rule === 'farthest' && exit < entrance ? [exit, entrance] : [entrance, exit];
  return {
    entrance: first,
    exit: second,
    entranceSide: pickSide(mask, first, entranceSides),
    exitSide: pickSide(mask, second, exitSides),
  };
}
