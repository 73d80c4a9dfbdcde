import { readShapeInput } from '../../internal/mask-input.js';
import { buildShapeMask, SHAPES } from '../../internal/shape-mask.js';
import type { PuzzleKind } from '../kind.js';
import { MAZE_ALGORITHMS, type MazeAlgorithm } from './maze-carvers.js';
import { drawMaze } from './maze-drawer.js';
import { generateMaze } from './maze-generator.js';
import { MAZE_OPENINGS, type MazeDoc, type MazeInput, type MazeOpeningRule } from './maze-types.js';
import { validateMaze } from './maze-validator.js';

const MIN_SIDE = 2;
const MAX_SIDE = 80;

/**
 * Mazes: perfect (exactly one path between any two cells), rectangular or shaped, by four
 * classic algorithms, with the entrance, exit and solution path in the doc.
 *
 * @example
 * const page = generatePage({ kind: 'maze', input: { width: 20, height: 25, algorithm: 'wilson' }, seed: 'm1' });
 */
export const mazeKind = {
  name: 'maze',
  title: 'Maze',
  description:
    'Find the way from the entrance to the exit. Every maze is perfect: exactly one path joins any two cells.',
  requiresAccount: false,
  inputs: [
    {
      name: 'width',
      type: 'integer',
      description: 'Cells across (ignored for a custom mask).',
      default: 15,
      min: MIN_SIDE,
      max: MAX_SIDE,
    },
    {
      name: 'height',
      type: 'integer',
      description: 'Cells down (ignored for a custom mask).',
      default: 15,
      min: MIN_SIDE,
      max: MAX_SIDE,
    },
    {
      name: 'shape',
      type: 'enum',
      description:
        'Outline of the maze: rectangle (default), circle, diamond, heart, or custom (default when mask is given).',
      values: SHAPES,
    },
    {
      name: 'mask',
      type: 'grid',
      description:
        "Custom shape: rows such as '01110' or [0,1,1,1,0] (1 = a maze cell); the cells must be connected.",
      min: MIN_SIDE,
      max: MAX_SIDE,
    },
    {
      name: 'algorithm',
      type: 'enum',
      description:
        'backtracker: long winding corridors; kruskal and prim: many short dead ends; wilson: unbiased (every maze equally likely).',
      default: 'backtracker',
      values: MAZE_ALGORITHMS,
    },
    {
      name: 'openings',
      type: 'enum',
      description:
        'Entrance and exit: the two boundary cells farthest apart along the maze, or on the top and bottom, or left and right sides.',
      default: 'farthest',
      values: MAZE_OPENINGS,
    },
  ],
  normalizeInput(raw) {
    const { shape, mask, issues } = readShapeInput(raw, { min: MIN_SIDE, max: MAX_SIDE, minCells: 2 });
    const input: MazeInput = {
      width: mask?.width ?? (raw.width as number),
      height: mask?.height ?? (raw.height as number),
      shape,
      mask: mask ?? buildShapeMask('rectangle', 2, 2),
      algorithm: raw.algorithm as MazeAlgorithm,
      openings: raw.openings as MazeOpeningRule,
    };
    return { input, issues };
  },
  generate: generateMaze,
  validate: validateMaze,
  summarize: (doc) =>
    `${doc.width}×${doc.height} ${doc.shape === 'rectangle' ? '' : `${doc.shape} `}maze (${doc.algorithm}), solution ${doc.solution.length} cells long.`,
  difficulty: (doc) => `${doc.width}×${doc.height}`,
  draw: drawMaze,
} satisfies PuzzleKind<MazeInput, MazeDoc>;
