import type { Random } from '../../random/seeded-random.js';
import { BIT_COUNT, type SudokuGeometry, toDigit } from './sudoku-geometry.js';

// A bitmask backtracking solver: candidates per cell in an Int32Array, naked and hidden singles
// propagated after every placement, branching on the cell with the fewest candidates. One
// workspace per geometry (levels of candidate arrays and a queue) keeps it allocation-free.

interface Workspace {
  levels: Int32Array[];
  queue: Int16Array;
  /** Per depth, the digits still to try at that depth's branching cell. */
  branches: Int32Array[];
}

const WORKSPACES = new WeakMap<SudokuGeometry, Workspace>();

function readWorkspace(geometry: SudokuGeometry): Workspace {
  let workspace = WORKSPACES.get(geometry);
  if (!workspace) {
    workspace = {
      levels: [],
      queue: new Int16Array(geometry.cellCount * 2),
      branches: [],
    };
    WORKSPACES.set(geometry, workspace);
  }
  return workspace;
}

function readLevel(workspace: Workspace, geometry: SudokuGeometry, depth: number): Int32Array {
  let level = workspace.levels[depth];
  if (!level) {
    level = new Int32Array(geometry.cellCount);
    workspace.levels[depth] = level;
  }
  return level;
}

/**
 * Removes decided digits from their peers and places hidden singles until nothing changes.
 * `queue[0..queued)` lists the cells decided since the last propagation. False on a contradiction.
 */
function propagate(geometry: SudokuGeometry, cand: Int32Array, queue: Int16Array, queued: number): boolean {
  const { peers, peerCount, unitCells, size, unitCount, allDigits } = geometry;
  let head = 0;
  let tail = queued;
  for (;;) {
    while (head < tail) {
      const cell = queue[head++] as number;
      const bit = cand[cell] as number;
      const base = cell * peerCount;
      for (let k = 0; k < peerCount; k++) {
        const peer = peers[base + k] as number;
        const mask = cand[peer] as number;
        if ((mask & bit) === 0) continue;
        const next = mask ^ bit;
        if (next === 0) return false;
        cand[peer] = next;
        if ((next & (next - 1)) === 0) queue[tail++] = peer;
      }
    }
    for (let unit = 0; unit < unitCount; unit++) {
      const base = unit * size;
      let once = 0;
      let twice = 0;
      for (let k = 0; k < size; k++) {
        const mask = cand[unitCells[base + k] as number] as number;
        twice |= once & mask;
        once |= mask;
      }
      if (once !== allDigits) return false;
      let hidden = once & ~twice;
      for (let k = 0; k < size && hidden !== 0; k++) {
        const cell = unitCells[base + k] as number;
        const mask = cand[cell] as number;
        const own = mask & hidden;
        if (own === 0) continue;
        if ((own & (own - 1)) !== 0) return false;
        hidden ^= own;
        if (mask !== own) {
          cand[cell] = own;
          queue[tail++] = cell;
        }
      }
    }
    if (head === tail) return true;
  }
}

/** What a search found. */
export interface SearchResult {
  /** Solutions found, at most the limit asked for. */
  count: number;
  /** The first solution found (digits 1..size per cell), when any. */
  solution: Int8Array | null;
  /** False when the node budget ran out before the search finished. */
  complete: boolean;
}

interface SearchRun {
  geometry: SudokuGeometry;
  workspace: Workspace;
  limit: number;
  budget: number;
  nodes: number;
  count: number;
  solution: Int8Array | null;
  random: Random | undefined;
  record: boolean;
}

function recordSolution(run: SearchRun, cand: Int32Array): void {
  run.count++;
  if (run.solution || !run.record) return;
  const solution = new Int8Array(cand.length);
  for (let cell = 0; cell < cand.length; cell++) solution[cell] = toDigit(cand[cell] as number);
  run.solution = solution;
}

function orderDigits(run: SearchRun, depth: number, mask: number): Int32Array {
  let digits = run.workspace.branches[depth];
  if (!digits) {
    digits = new Int32Array(run.geometry.size + 1);
    run.workspace.branches[depth] = digits;
  }
  let n = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) digits[n++] = rest & -rest;
  if (run.random) {
    for (let i = n - 1; i > 0; i--) {
      const j = run.random.int(0, i);
      const swap = digits[i] as number;
      digits[i] = digits[j] as number;
      digits[j] = swap;
    }
  }
  digits[n] = 0;
  return digits;
}

function searchFrom(run: SearchRun, depth: number): void {
  const { geometry, workspace } = run;
  const cand = readLevel(workspace, geometry, depth);
  let best = -1;
  let bestCount = 99;
  for (let cell = 0; cell < geometry.cellCount; cell++) {
    const mask = cand[cell] as number;
    if ((mask & (mask - 1)) === 0) continue;
    const count = BIT_COUNT[mask] as number;
    if (count < bestCount) {
      best = cell;
      bestCount = count;
      if (count === 2) break;
    }
  }
  if (best < 0) {
    recordSolution(run, cand);
    return;
  }
  if (++run.nodes > run.budget) return;
  const branch = orderDigits(run, depth, cand[best] as number);
  const next = readLevel(workspace, geometry, depth + 1);
  for (let k = 0; branch[k] !== 0; k++) {
    const bit = branch[k] as number;
    next.set(cand);
    next[best] = bit;
    workspace.queue[0] = best;
    if (propagate(geometry, next, workspace.queue, 1)) searchFrom(run, depth + 1);
    if (run.count >= run.limit || run.nodes > run.budget) return;
  }
}

/** Options of {@link searchSolutions}. */
export interface SearchOptions {
  /** Stop after this many solutions (2 decides uniqueness). */
  limit: number;
  /** Stop after this many branching nodes; `complete` is then false. */
  budget: number;
  /** Try digits in a random order (to fill a random grid). */
  random?: Random;
  /** Digits (a bit mask) ruled out of one cell before the search starts, to look for a different solution. */
  exclude?: { cell: number; mask: number };
  /** Keep the first solution found (default true); counting alone is cheaper. */
  record?: boolean;
}

/**
 * Searches the solutions of a grid (0 = empty cell, digits 1..size otherwise).
 *
 * @example
 * const { count } = searchSolutions(readGeometry(9), givens, { limit: 2, budget: 100_000 });
 * count === 1; // a proper puzzle
 */
export function searchSolutions(
  geometry: SudokuGeometry,
  grid: ArrayLike<number>,
  options: SearchOptions,
): SearchResult {
  const workspace = readWorkspace(geometry);
  const cand = readLevel(workspace, geometry, 0);
  let queued = 0;
  for (let cell = 0; cell < geometry.cellCount; cell++) {
    const digit = grid[cell] ?? 0;
    if (digit >= 1 && digit <= geometry.size) {
      cand[cell] = 1 << (digit - 1);
      workspace.queue[queued++] = cell;
    } else {
      cand[cell] = geometry.allDigits;
    }
  }
  if (options.exclude) {
    const { cell, mask } = options.exclude;
    const rest = (cand[cell] ?? 0) & ~mask;
    if (rest === 0) return { count: 0, solution: null, complete: true };
    if (rest !== cand[cell] && (rest & (rest - 1)) === 0) workspace.queue[queued++] = cell;
    cand[cell] = rest;
  }
  const run: SearchRun = {
    geometry,
    workspace,
    limit: options.limit,
    budget: options.budget,
    nodes: 0,
    count: 0,
    solution: null,
    random: options.random,
    record: options.record ?? true,
  };
  if (propagate(geometry, cand, workspace.queue, queued)) searchFrom(run, 0);
  return {
    count: run.count,
    solution: run.solution,
    complete: run.nodes <= run.budget || run.count >= run.limit,
  };
}
