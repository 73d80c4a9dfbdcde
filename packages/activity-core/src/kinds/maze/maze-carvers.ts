import type { ShapeMask } from '../../internal/shape-mask.js';
import type { Random } from '../../random/seeded-random.js';
import { carvePassage, listNeighbors, type Side, stepCell } from './maze-grid.js';

/** Maze algorithms: each carves a spanning tree of the masked cells. */
export const MAZE_ALGORITHMS = ['backtracker', 'kruskal', 'prim', 'wilson'] as const;

/** A maze algorithm's name. */
export type MazeAlgorithm = (typeof MAZE_ALGORITHMS)[number];

function listCells(mask: ShapeMask): number[] {
  const cells: number[] = [];
  mask.cells.forEach((inside, cell) => {
    if (inside === 1) cells.push(cell);
  });
  return cells;
}

/** Depth-first with an explicit stack: long winding corridors, few dead ends. */
function carveBacktracker(mask: ShapeMask, open: Uint8Array, random: Random): void {
  const visited = new Uint8Array(mask.cells.length);
  const start = random.pick(listCells(mask));
  const stack = [start];
  visited[start] = 1;
  while (stack.length > 0) {
    const cell = stack[stack.length - 1] as number;
    const fresh = listNeighbors(mask, cell).filter(([, next]) => visited[next] === 0);
    if (fresh.length === 0) {
      stack.pop();
      continue;
    }
    const [side, next] = random.pick(fresh);
    carvePassage(open, mask, cell, side);
    visited[next] = 1;
    stack.push(next);
  }
}

/** Random edges joined whenever they link two separate trees (union–find): many short dead ends. */
function carveKruskal(mask: ShapeMask, open: Uint8Array, random: Random): void {
  const parent = Int32Array.from(mask.cells, (_, cell) => cell);
  const find = (cell: number): number => {
    let root = cell;
    while (parent[root] !== root) {
      parent[root] = parent[parent[root] as number] as number;
      root = parent[root] as number;
    }
    return root;
  };
  const edges: [number, Side][] = [];
  for (const cell of listCells(mask)) {
    for (const [side] of listNeighbors(mask, cell))
      if (side === 'E' || side === 'S') edges.push([cell, side]);
  }
  for (const [cell, side] of random.shuffle(edges)) {
    const a = find(cell);
    const b = find(stepCell(mask, cell, side));
    if (a === b) continue;
    parent[a] = b;
    carvePassage(open, mask, cell, side);
  }
}

/** Grows one tree from random frontier cells: short branches radiating from the start. */
function carvePrim(mask: ShapeMask, open: Uint8Array, random: Random): void {
  const state = new Uint8Array(mask.cells.length); // 0 unseen, 1 frontier, 2 in the maze
  const frontier: number[] = [];
  const add = (cell: number) => {
    state[cell] = 2;
    for (const [, next] of listNeighbors(mask, cell)) {
      if (state[next] === 0) {
        state[next] = 1;
        frontier.push(next);
      }
    }
  };
  add(random.pick(listCells(mask)));
  while (frontier.length > 0) {
    const index = random.int(0, frontier.length - 1);
    const cell = frontier[index] as number;
    frontier[index] = frontier[frontier.length - 1] as number;
    frontier.pop();
    const [side] = random.pick(listNeighbors(mask, cell).filter(([, next]) => state[next] === 2));
    carvePassage(open, mask, cell, side);
    add(cell);
  }
}

/** Loop-erased random walks: every spanning tree equally likely (no bias in the texture). */
function carveWilson(mask: ShapeMask, open: Uint8Array, random: Random): void {
  const cells = listCells(mask);
  const inTree = new Uint8Array(mask.cells.length);
  const exit: (Side | undefined)[] = new Array(mask.cells.length);
  inTree[random.pick(cells)] = 1;
  for (const start of random.shuffle(cells)) {
    // Walk until the tree is hit, remembering only the last exit of each cell: that erases loops.
    for (let cell = start; inTree[cell] === 0; ) {
      const [side, next] = random.pick(listNeighbors(mask, cell));
      exit[cell] = side;
      cell = next;
    }
    for (let cell = start; inTree[cell] === 0; ) {
      inTree[cell] = 1;
      cell = carvePassage(open, mask, cell, exit[cell] as Side);
    }
  }
}

/**
 * Carves a perfect maze (a spanning tree) over the mask's cells and returns each cell's open
 * sides as N/E/S/W bits. The mask must be connected.
 *
 * @example
 * const open = carveMaze('wilson', buildShapeMask('circle', 20, 20), createRandom('m'));
 */
export function carveMaze(algorithm: MazeAlgorithm, mask: ShapeMask, random: Random): Uint8Array {
  const open = new Uint8Array(mask.cells.length);
  switch (algorithm) {
    case 'backtracker':
      carveBacktracker(mask, open, random);
      break;
    case 'kruskal':
      carveKruskal(mask, open, random);
      break;
    case 'prim':
      carvePrim(mask, open, random);
      break;
    case 'wilson':
      carveWilson(mask, open, random);
      break;
  }
  return open;
}
