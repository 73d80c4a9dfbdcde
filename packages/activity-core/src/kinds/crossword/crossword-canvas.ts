/** Across (1) or down (2); a cell records which directions use it as a bit set. */
export type Direction = 1 | 2;
/** A word read left to right. */
export const ACROSS: Direction = 1;
/** A word read top to bottom. */
export const DOWN: Direction = 2;

/** A word placed on the canvas. */
export interface Placement {
  word: number;
  row: number;
  col: number;
  direction: Direction;
}

/**
 * A square working area three times `maxSize` wide with the first word in the middle, so any
 * layout whose bounding box fits `maxSize` stays inside. Letters are char codes (0 = empty).
 */
export interface Canvas {
  side: number;
  maxSize: number;
  letters: Uint8Array;
  directions: Uint8Array;
  /** Cells holding each letter (index by char code − 65), for finding crossings fast. */
  byLetter: number[][];
  box: { top: number; left: number; bottom: number; right: number };
  placements: Placement[];
}

/** What a candidate placement would give. */
export interface PlacementCheck {
  crossings: number;
  /** Bounding-box area after placing. */
  area: number;
  /** |width − height| after placing. */
  skew: number;
}

/**
 * An empty canvas for layouts up to `maxSize` a side.
 *
 * @example
 * const canvas = createCanvas(15);
 */
export function createCanvas(maxSize: number): Canvas {
  const side = maxSize * 3;
  return {
    side,
    maxSize,
    letters: new Uint8Array(side * side),
    directions: new Uint8Array(side * side),
    byLetter: Array.from({ length: 26 }, () => []),
    box: { top: side, left: side, bottom: -1, right: -1 },
    placements: [],
  };
}

const step = (direction: Direction): [number, number] => (direction === ACROSS ? [0, 1] : [1, 0]);

/**
 * Checks whether `answer` can go at (row, col) in `direction` without breaking the crossword
 * rules: inside the size limit, agreeing letters where it crosses, never running along an
 * existing word, no letter touching a parallel neighbour (which would spell a non-word), empty
 * cells just before and after it, and — once the canvas holds a word — at least one crossing.
 *
 * @example
 * checkPlacement(canvas, 'TEA', 10, 12, DOWN); // { crossings: 1, area: 12, skew: 1 } or null
 */
export function checkPlacement(
  canvas: Canvas,
  answer: string,
  row: number,
  col: number,
  direction: Direction,
): PlacementCheck | null {
  const { side, letters, directions, box } = canvas;
  const [dr, dc] = step(direction);
  const length = answer.length;
  const endRow = row + dr * (length - 1);
  const endCol = col + dc * (length - 1);
  if (row < 1 || col < 1 || endRow >= side - 1 || endCol >= side - 1) return null;
  const top = Math.min(box.top, row);
  const left = Math.min(box.left, col);
  const bottom = Math.max(box.bottom, endRow);
  const right = Math.max(box.right, endCol);
  if (bottom - top + 1 > canvas.maxSize || right - left + 1 > canvas.maxSize) return null;
  if (letters[(row - dr) * side + col - dc] !== 0 || letters[(endRow + dr) * side + endCol + dc] !== 0)
    return null;
  let crossings = 0;
  for (let i = 0; i < length; i++) {
    const index = (row + dr * i) * side + col + dc * i;
    const existing = letters[index] as number;
    if (existing !== 0) {
      if (existing !== answer.charCodeAt(i) || ((directions[index] as number) & direction) !== 0) return null;
      crossings++;
    } else if (letters[index - dc * side - dr] !== 0 || letters[index + dc * side + dr] !== 0) {
      // The neighbours across the word's direction: (±1 row) for across, (±1 column) for down.
      return null;
    }
  }
  if (canvas.placements.length > 0 && (crossings === 0 || crossings === length)) return null;
  const width = right - left + 1;
  const height = bottom - top + 1;
  return { crossings, area: width * height, skew: Math.abs(width - height) };
}

/**
 * Writes a checked placement onto the canvas.
 *
 * @example
 * placeWord(canvas, { word: 0, row: 15, col: 15, direction: ACROSS }, 'CAT');
 */
export function placeWord(canvas: Canvas, placement: Placement, answer: string): void {
  const { side, letters, directions, box } = canvas;
  const [dr, dc] = step(placement.direction);
  for (let i = 0; i < answer.length; i++) {
    const row = placement.row + dr * i;
    const col = placement.col + dc * i;
    const index = row * side + col;
    if (letters[index] === 0) {
      letters[index] = answer.charCodeAt(i);
      canvas.byLetter[answer.charCodeAt(i) - 65]?.push(index);
    }
    directions[index] = (directions[index] as number) | placement.direction;
    box.top = Math.min(box.top, row);
    box.left = Math.min(box.left, col);
    box.bottom = Math.max(box.bottom, row);
    box.right = Math.max(box.right, col);
  }
  canvas.placements.push(placement);
}
