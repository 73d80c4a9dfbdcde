import { BIT_COUNT, type SudokuGeometry, toDigit } from './sudoku-geometry.js';

/** The human techniques of the grading ladder, easiest first (qqwing's order). */
export const TECHNIQUES = [
  'nakedSingle',
  'hiddenSingle',
  'nakedPair',
  'pointingPair',
  'boxLineReduction',
  'hiddenPair',
  'guess',
] as const;

/** A technique's name, as counted in a doc's `techniques`. */
export type Technique = (typeof TECHNIQUES)[number];

/**
 * A partly solved grid: candidate masks per cell and which cells hold a digit. A placed cell's
 * mask is its digit's bit; placing removes the digit from the peers' candidates.
 */
export interface LogicState {
  geometry: SudokuGeometry;
  cand: Int32Array;
  placed: Uint8Array;
  remaining: number;
  /** False once a cell lost every candidate (only for inconsistent grids). */
  consistent: boolean;
}

/**
 * Puts `bit` in `cell` and removes it from the candidates of the cell's peers.
 *
 * @example
 * placeBit(state, 40, 1 << 4); // a 5 in the centre of a 9×9 grid
 */
export function placeBit(state: LogicState, cell: number, bit: number): void {
  const { peers, peerCount } = state.geometry;
  if (state.placed[cell] === 1) return;
  state.placed[cell] = 1;
  state.cand[cell] = bit;
  state.remaining--;
  for (let k = cell * peerCount, end = k + peerCount; k < end; k++) {
    const peer = peers[k] as number;
    if (state.placed[peer] === 1) {
      if (state.cand[peer] === bit) state.consistent = false;
      continue;
    }
    const next = (state.cand[peer] as number) & ~bit;
    if (next === 0) state.consistent = false;
    state.cand[peer] = next;
  }
}

/**
 * Starts a logic state from givens (0 = empty).
 *
 * @example
 * const state = createLogicState(readGeometry(9), givens);
 */
export function createLogicState(geometry: SudokuGeometry, givens: ArrayLike<number>): LogicState {
  const state: LogicState = {
    geometry,
    cand: new Int32Array(geometry.cellCount).fill(geometry.allDigits),
    placed: new Uint8Array(geometry.cellCount),
    remaining: geometry.cellCount,
    consistent: true,
  };
  for (let cell = 0; cell < geometry.cellCount; cell++) {
    const digit = givens[cell] ?? 0;
    if (digit > 0) placeBit(state, cell, 1 << (digit - 1));
  }
  return state;
}

/**
 * Places every cell that has a single candidate left; returns how many.
 *
 * @example
 * counts.nakedSingle += applyNakedSingles(state);
 */
export function applyNakedSingles(state: LogicState): number {
  let placed = 0;
  for (let cell = 0; cell < state.geometry.cellCount; cell++) {
    const mask = state.cand[cell] as number;
    if (state.placed[cell] === 0 && mask !== 0 && (mask & (mask - 1)) === 0) {
      placeBit(state, cell, mask);
      placed++;
    }
  }
  return placed;
}

/**
 * Places one digit that has a single possible cell in some unit.
 *
 * @example
 * if (applyHiddenSingle(state)) counts.hiddenSingle++;
 */
export function applyHiddenSingle(state: LogicState): boolean {
  const { unitCount, unitCells, size } = state.geometry;
  for (let unit = 0; unit < unitCount; unit++) {
    const base = unit * size;
    let once = 0;
    let twice = 0;
    let done = 0;
    for (let k = 0; k < size; k++) {
      const cell = unitCells[base + k] as number;
      const mask = state.cand[cell] as number;
      if (state.placed[cell] === 1) done |= mask;
      else {
        twice |= once & mask;
        once |= mask;
      }
    }
    const hidden = once & ~twice & ~done;
    if (hidden === 0) continue;
    const bit = hidden & -hidden;
    for (let k = 0; k < size; k++) {
      const cell = unitCells[base + k] as number;
      if (state.placed[cell] === 0 && ((state.cand[cell] as number) & bit) !== 0) {
        placeBit(state, cell, bit);
        return true;
      }
    }
  }
  return false;
}

/** Removes `mask` from an unplaced cell; true when something was removed. */
function eliminate(state: LogicState, cell: number, mask: number): boolean {
  const current = state.cand[cell] as number;
  if (state.placed[cell] === 1 || (current & mask) === 0) return false;
  const next = current & ~mask;
  if (next === 0) state.consistent = false;
  state.cand[cell] = next;
  return true;
}

/**
 * Two cells of a unit with the same two candidates: those digits leave the unit's other cells.
 *
 * @example
 * if (applyNakedPair(state)) counts.nakedPair++;
 */
export function applyNakedPair(state: LogicState): boolean {
  const { unitCount, unitCells, size } = state.geometry;
  for (let unit = 0; unit < unitCount; unit++) {
    const base = unit * size;
    for (let i = 0; i < size; i++) {
      const first = unitCells[base + i] as number;
      const mask = state.cand[first] as number;
      if (state.placed[first] === 1 || BIT_COUNT[mask] !== 2) continue;
      for (let j = i + 1; j < size; j++) {
        const second = unitCells[base + j] as number;
        if (state.placed[second] === 1 || state.cand[second] !== mask) continue;
        let changed = false;
        for (let k = 0; k < size; k++) {
          const cell = unitCells[base + k] as number;
          if (cell !== first && cell !== second && eliminate(state, cell, mask)) changed = true;
        }
        if (changed) return true;
      }
    }
  }
  return false;
}

/**
 * Two digits confined to the same two cells of a unit: those cells lose every other candidate.
 *
 * @example
 * if (applyHiddenPair(state)) counts.hiddenPair++;
 */
export function applyHiddenPair(state: LogicState): boolean {
  const { unitCount, unitCells, size } = state.geometry;
  const where = new Int32Array(size);
  for (let unit = 0; unit < unitCount; unit++) {
    const base = unit * size;
    where.fill(0);
    for (let k = 0; k < size; k++) {
      const cell = unitCells[base + k] as number;
      if (state.placed[cell] === 1) continue;
      for (let rest = state.cand[cell] as number; rest !== 0; rest &= rest - 1) {
        const digit = toDigit(rest & -rest) - 1;
        where[digit] = (where[digit] as number) | (1 << k);
      }
    }
    for (let a = 0; a < size; a++) {
      const spots = where[a] as number;
      if (BIT_COUNT[spots] !== 2) continue;
      for (let b = a + 1; b < size; b++) {
        if (where[b] !== spots) continue;
        const keep = (1 << a) | (1 << b);
        let changed = false;
        for (let k = 0; k < size; k++) {
          if ((spots & (1 << k)) !== 0 && eliminate(state, unitCells[base + k] as number, ~keep))
            changed = true;
        }
        if (changed) return true;
      }
    }
  }
  return false;
}
