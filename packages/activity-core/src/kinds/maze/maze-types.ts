import type { Shape, ShapeMask } from '../../internal/shape-mask.js';
import type { MazeAlgorithm } from './maze-carvers.js';
import type { Side } from './maze-grid.js';

/** Where the entrance and exit go: the two boundary cells farthest apart along the maze, or fixed sides. */
export const MAZE_OPENINGS = ['farthest', 'top-bottom', 'left-right'] as const;

/** A rule for placing the entrance and exit. */
export type MazeOpeningRule = (typeof MAZE_OPENINGS)[number];

/** The normalised input of the maze kind. */
export interface MazeInput {
  width: number;
  height: number;
  shape: Shape;
  /** The cells to use (built from `shape`, or the custom mask). */
  mask: ShapeMask;
  algorithm: MazeAlgorithm;
  openings: MazeOpeningRule;
}

/** An opening in the outer wall: the cell and the side the gap is on. */
export interface MazeOpening {
  row: number;
  col: number;
  side: Side;
}

/** A maze page: plain JSON. Cells are addressed `[row, col]` from the top left. */
export interface MazeDoc {
  width: number;
  height: number;
  shape: Shape;
  /** Rows of '1' (a maze cell) and '0' (outside the shape). */
  mask: string[];
  /** Per cell, wall bits N=1, E=2, S=4, W=8 (set = wall); 0 outside the shape. */
  walls: number[][];
  entrance: MazeOpening;
  exit: MazeOpening;
  /** The only path from the entrance cell to the exit cell. */
  solution: [number, number][];
  algorithm: MazeAlgorithm;
  openings: MazeOpeningRule;
}
