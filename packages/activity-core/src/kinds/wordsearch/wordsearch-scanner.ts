import { DIRECTION_STEPS, type Direction } from './wordsearch-directions.js';

/** A grid of letters under construction: `letters` holds 0 (blank) or 1..26 (A..Z); `mask` 1 for usable cells. */
export interface LetterGrid {
  width: number;
  height: number;
  mask: Uint8Array;
  letters: Uint8Array;
}

/** One place a listed word can be read. `segment` is the same for both reading directions of those cells. */
export interface Occurrence {
  word: number;
  start: number;
  direction: Direction;
  segment: number;
}

/**
 * Identifies the straight run of cells between two cells regardless of reading direction, so a
 * palindrome read both ways counts once.
 *
 * @example
 * toSegment(3, 0, 100) === toSegment(0, 3, 100);
 */
export function toSegment(start: number, end: number, cellCount: number): number {
  return Math.min(start, end) * cellCount + Math.max(start, end);
}

/**
 * The cells a word of `length` letters covers from `start` in `direction`, or null when it leaves
 * the grid or the mask.
 *
 * @example
 * listLineCells(grid, 0, 'E', 4); // [0, 1, 2, 3]
 */
export function listLineCells(
  grid: LetterGrid,
  start: number,
  direction: Direction,
  length: number,
): number[] | null {
  const [dr, dc] = DIRECTION_STEPS[direction];
  const row = Math.floor(start / grid.width);
  const col = start % grid.width;
  const endRow = row + dr * (length - 1);
  const endCol = col + dc * (length - 1);
  if (endRow < 0 || endRow >= grid.height || endCol < 0 || endCol >= grid.width) return null;
  const cells: number[] = [];
  for (let k = 0; k < length; k++) {
    const cell = (row + dr * k) * grid.width + col + dc * k;
    if (grid.mask[cell] !== 1) return null;
    cells.push(cell);
  }
  return cells;
}

/** Finds every occurrence of a fixed word list in a letter grid. */
export interface WordScanner {
  scan(grid: LetterGrid, directions: readonly Direction[]): Occurrence[];
  /** Only the occurrences covering at least one of `cells` (what a change to those cells can create). */
  scanThrough(grid: LetterGrid, directions: readonly Direction[], cells: readonly number[]): Occurrence[];
}

/**
 * Builds a trie of the words so one walk per cell and direction finds every word starting there.
 * Blank cells (0) end a walk, so partial grids can be scanned while words are being placed.
 *
 * @example
 * const occurrences = createWordScanner(['CAT', 'DOG']).scan(grid, ['E', 'S']);
 */
export function createWordScanner(words: readonly string[]): WordScanner {
  const children: number[] = new Array(26).fill(-1);
  const wordAt: number[] = [-1];
  words.forEach((word, index) => {
    let node = 0;
    for (let k = 0; k < word.length; k++) {
      const slot = node * 26 + word.charCodeAt(k) - 65;
      let next = children[slot] ?? -1;
      if (next < 0) {
        next = wordAt.length;
        wordAt.push(-1);
        children.push(...new Array(26).fill(-1));
        children[slot] = next;
      }
      node = next;
    }
    wordAt[node] = index;
  });
  const trie = Int32Array.from(children);
  const terminal = Int32Array.from(wordAt);
  let longest = 0;
  for (const word of words) longest = Math.max(longest, word.length);
  /** Walks from `start` in `direction`, recording words that reach at least `minLength` letters. */
  const walk = (
    grid: LetterGrid,
    start: number,
    direction: Direction,
    minLength: number,
    found: Occurrence[],
    seen: Set<number>,
  ) => {
    const [dr, dc] = DIRECTION_STEPS[direction];
    const cellCount = grid.width * grid.height;
    let row = Math.floor(start / grid.width);
    let col = start % grid.width;
    let node = 0;
    for (let length = 1; row >= 0 && row < grid.height && col >= 0 && col < grid.width; length++) {
      const cell = row * grid.width + col;
      const letter = grid.letters[cell] as number;
      if (letter === 0 || grid.mask[cell] !== 1) return;
      node = trie[node * 26 + letter - 1] as number;
      if (node < 0) return;
      const word = terminal[node] as number;
      if (word >= 0 && length >= minLength) {
        const segment = toSegment(start, cell, cellCount);
        // A palindrome read both ways is one occurrence.
        const key = segment * words.length + word;
        if (!seen.has(key)) {
          seen.add(key);
          found.push({ word, start, direction, segment });
        }
      }
      row += dr;
      col += dc;
    }
  };
  return {
    scan(grid, directions) {
      const found: Occurrence[] = [];
      const seen = new Set<number>();
      for (let start = 0; start < grid.width * grid.height; start++) {
        const letter = grid.letters[start] as number;
        if (letter === 0 || (trie[letter - 1] as number) < 0) continue;
        for (const direction of directions) walk(grid, start, direction, 1, found, seen);
      }
      return found;
    },
    scanThrough(grid, directions, cells) {
      const found: Occurrence[] = [];
      const seen = new Set<number>();
      for (const cell of cells) {
        const row = Math.floor(cell / grid.width);
        const col = cell % grid.width;
        for (const direction of directions) {
          const [dr, dc] = DIRECTION_STEPS[direction];
          for (let back = 0; back < longest; back++) {
            const [r, c] = [row - dr * back, col - dc * back];
            if (r < 0 || r >= grid.height || c < 0 || c >= grid.width) break;
            const start = r * grid.width + c;
            if (grid.letters[start] === 0) break;
            walk(grid, start, direction, back + 1, found, seen);
          }
        }
      }
      return found;
    },
  };
}
