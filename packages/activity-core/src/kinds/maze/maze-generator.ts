import { toMaskRows } from '../../internal/shape-mask.js';
import type { Random } from '../../random/seeded-random.js';
import { carveMaze } from './maze-carvers.js';
import { SIDE_BITS } from './maze-grid.js';
import { chooseOpenings, walkPassages } from './maze-openings.js';
import type { MazeDoc, MazeInput } from './maze-types.js';

/**
 * Carves a perfect maze over the input's mask, opens an entrance and an exit on the shape's
 * boundary and records the only path between them.
 *
 * @example
 * const doc = generateMaze({ width: 20, height: 20, shape: 'rectangle', mask, algorithm: 'wilson', openings: 'farthest' }, createRandom('m'));
 */
export function generateMaze(input: MazeInput, random: Random): MazeDoc {
  const { mask } = input;
  const open = carveMaze(input.algorithm, mask, random.fork('carve'));
  const { entrance, exit, entranceSide, exitSide } = chooseOpenings(mask, open, input.openings);
  const { parent } = walkPassages(mask, open, entrance);
  const solution: [number, number][] = [];
  for (let cell = exit; cell !== -1; cell = parent[cell] as number) {
    solution.push([Math.floor(cell / mask.width), cell % mask.width]);
  }
  solution.reverse();
  const walls = Array.from({ length: mask.height }, (_, row) =>
    Array.from({ length: mask.width }, (_, col) => {
      const cell = row * mask.width + col;
      if (mask.cells[cell] !== 1) return 0;
      let bits = 15 & ~(open[cell] as number);
      if (cell === entrance) bits &= ~SIDE_BITS[entranceSide];
      if (cell === exit) bits &= ~SIDE_BITS[exitSide];
      return bits;
    }),
  );
  const at = (cell: number) => ({ row: Math.floor(cell / mask.width), col: cell % mask.width });
  return {
    width: mask.width,
    height: mask.height,
    shape: input.shape,
    mask: toMaskRows(mask),
    walls,
    entrance: { ...at(entrance), side: entranceSide },
    exit: { ...at(exit), side: exitSide },
    solution,
    algorithm: input.algorithm,
    openings: input.openings,
  };
}
