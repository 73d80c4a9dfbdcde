import type { LogicState } from './sudoku-techniques.js';

// Line/box intersections: when a digit's possible cells in one unit all lie in a second unit, the
// digit leaves the rest of the second unit. Box → line is a pointing pair (or triple); line → box
// is a box/line reduction.

function eliminateOutside(state: LogicState, target: number, source: number, bit: number): boolean {
  const { size, unitCells, rowOf, colOf, boxOf } = state.geometry;
  let changed = false;
  for (let k = 0; k < size; k++) {
    const cell = unitCells[target * size + k] as number;
    if (state.placed[cell] === 1 || ((state.cand[cell] as number) & bit) === 0) continue;
    const inSource =
      source < size
        ? rowOf[cell] === source
        : source < 2 * size
          ? colOf[cell] === source - size
          : boxOf[cell] === source - 2 * size;
    if (inSource) continue;
    const next = (state.cand[cell] as number) & ~bit;
    if (next === 0) state.consistent = false;
    state.cand[cell] = next;
    changed = true;
  }
  return changed;
}

/** Applies one intersection elimination from `sources` units to their crossing units. */
function applyIntersection(state: LogicState, fromBoxes: boolean): boolean {
  const { size, unitCells, rowOf, colOf, boxOf } = state.geometry;
  const first = fromBoxes ? 2 * size : 0;
  const last = fromBoxes ? 3 * size : 2 * size;
  for (let source = first; source < last; source++) {
    for (let digit = 0; digit < size; digit++) {
      const bit = 1 << digit;
      let rows = 0;
      let cols = 0;
      let boxes = 0;
      let done = false;
      for (let k = 0; k < size; k++) {
        const cell = unitCells[source * size + k] as number;
        if (((state.cand[cell] as number) & bit) === 0) continue;
        if (state.placed[cell] === 1) {
          done = true;
          break;
        }
        rows |= 1 << (rowOf[cell] as number);
        cols |= 1 << (colOf[cell] as number);
        boxes |= 1 << (boxOf[cell] as number);
      }
      if (done || rows === 0) continue;
      if (fromBoxes) {
        if ((rows & (rows - 1)) === 0 && eliminateOutside(state, 31 - Math.clz32(rows), source, bit))
          return true;
        if ((cols & (cols - 1)) === 0 && eliminateOutside(state, size + 31 - Math.clz32(cols), source, bit))
          return true;
      } else if (
        (boxes & (boxes - 1)) === 0 &&
        eliminateOutside(state, 2 * size + 31 - Math.clz32(boxes), source, bit)
      ) {
        return true;
      }
    }
  }
  return false;
}

/**
 * A digit confined to one row or column within a box leaves the rest of that row or column.
 *
 * @example
 * if (applyPointingPair(state)) techniques.pointingPair++;
 */
export function applyPointingPair(state: LogicState): boolean {
  return applyIntersection(state, true);
}

/**
 * A digit confined to one box within a row or column leaves the rest of that box.
 *
 * @example
 * if (applyBoxLineReduction(state)) techniques.boxLineReduction++;
 */
export function applyBoxLineReduction(state: LogicState): boolean {
  return applyIntersection(state, false);
}
