import type { Random } from '../../random/seeded-random.js';
import { DIRECTION_STEPS, type Direction } from './wordsearch-directions.js';
import {
  createWordScanner,
  type LetterGrid,
  listLineCells,
  type Occurrence,
  toSegment,
} from './wordsearch-scanner.js';

/** A word's place in the grid (indices into the layout's word list). */
export interface Placement {
  word: number;
  cells: number[];
  direction: Direction;
  segment: number;
  /** The longer word this one is read inside, when it has no cells of its own. */
  within?: number;
}

/** Positions checked for stray readings before a word is given up as `no-room`. */
const TRIES_PER_WORD = 25;

/**
 * Up to `limit` positions where the word fits (blank or matching cells, inside the mask), those
 * sharing the most letters first (overlaps make denser, more interesting grids), in random order
 * among equals. Candidates are bucketed by shared letters, so no sort and no per-position arrays.
 */
function listCandidates(
  grid: LetterGrid,
  word: string,
  directions: readonly Direction[],
  options: { overlap: boolean; limit: number; random: Random },
): [number[], Direction][] {
  const codes = Array.from(word, (ch) => ch.charCodeAt(0) - 64);
  const buckets: number[][] = codes.map(() => []);
  const last = word.length - 1;
  const { width, height, letters, mask } = grid;
  // The hot loop of generation: plain loops and locals, no closures or tuples per position.
  for (let index = 0; index < directions.length; index++) {
    const [dr, dc] = DIRECTION_STEPS[directions[index] as Direction];
    const rowFrom = dr < 0 ? -dr * last : 0;
    const rowTo = dr > 0 ? height - 1 - dr * last : height - 1;
    const colFrom = dc < 0 ? -dc * last : 0;
    const colTo = dc > 0 ? width - 1 - dc * last : width - 1;
    const stride = dr * width + dc;
    for (let row = rowFrom; row <= rowTo; row++) {
      for (let col = colFrom; col <= colTo; col++) {
        const start = row * width + col;
        let shared = 0;
        let fits = true;
        for (let k = 0, cell = start; k <= last; k++, cell += stride) {
          const letter = letters[cell] as number;
          if (mask[cell] !== 1 || (letter !== 0 && letter !== codes[k])) {
            fits = false;
            break;
          }
          if (letter !== 0) shared++;
        }
        if (fits && shared <= last && (options.overlap || shared === 0))
          buckets[shared]?.push(start * 8 + index);
      }
    }
  }
  const out: [number[], Direction][] = [];
  for (let shared = last; shared >= 0 && out.length < options.limit; shared--) {
    const bucket = buckets[shared] as number[];
    for (let taken = 0; taken < bucket.length && out.length < options.limit; taken++) {
      const pick = options.random.int(taken, bucket.length - 1);
      const key = bucket[pick] as number;
      bucket[pick] = bucket[taken] as number;
      const direction = directions[key % 8] as Direction;
      out.push([listLineCells(grid, Math.floor(key / 8), direction, word.length) ?? [], direction]);
    }
  }
  return out;
}

/**
 * Checks a tentative placement against a scan of the grid: every placed word must occur only at
 * its own cells, the new word only at the new cells, and a word not yet placed may occur only
 * once, inside the new word (it is then adopted as read inside it). Returns the adopted words.
 */
function checkScan(
  occurrences: Occurrence[],
  placed: Map<number, Placement>,
  word: number,
  cells: number[],
  cellCount: number,
): Map<number, Occurrence> | null {
  const own = toSegment(cells[0] as number, cells[cells.length - 1] as number, cellCount);
  const inside = new Set(cells);
  const adopted = new Map<number, Occurrence>();
  for (const occurrence of occurrences) {
    const existing = placed.get(occurrence.word);
    if (existing) {
      if (existing.segment !== occurrence.segment) return null;
    } else if (occurrence.word === word) {
      if (occurrence.segment !== own) return null;
    } else {
      const end = occurrence.segment % cellCount;
      const start = (occurrence.segment - end) / cellCount;
      const twice =
        adopted.has(occurrence.word) && adopted.get(occurrence.word)?.segment !== occurrence.segment;
      if (!inside.has(start) || !inside.has(end) || twice) return null;
      adopted.set(occurrence.word, occurrence);
    }
  }
  return adopted;
}

/**
 * Places the words longest first at the positions sharing the most letters, keeping the grid
 * free of any second reading of any word at every step. Words that find no such position are
 * left out. Mutates `grid.letters`.
 *
 * @example
 * const placed = layoutWords(grid, ['GIRAFFE', 'LION'], ['E', 'S'], true, createRandom('w'));
 */
export function layoutWords(
  grid: LetterGrid,
  words: readonly string[],
  directions: readonly Direction[],
  overlap: boolean,
  random: Random,
): Map<number, Placement> {
  const scanner = createWordScanner(words);
  const placed = new Map<number, Placement>();
  const cellCount = grid.width * grid.height;
  const order = random
    .shuffle(words.map((_, index) => index))
    .sort((a, b) => (words[b]?.length ?? 0) - (words[a]?.length ?? 0));
  for (const index of order) {
    const word = words[index] as string;
    if (placed.has(index)) continue;
    const candidates = listCandidates(grid, word, directions, { overlap, limit: TRIES_PER_WORD, random });
    for (const [cells, direction] of candidates) {
      const before = cells.map((cell) => grid.letters[cell] as number);
      cells.forEach((cell, k) => {
        grid.letters[cell] = word.charCodeAt(k) - 64;
      });
      // Only readings through newly lettered cells can be new; all older ones were checked before.
      const fresh = cells.filter((_, k) => before[k] === 0);
      const adopted = checkScan(
        scanner.scanThrough(grid, directions, fresh),
        placed,
        index,
        cells,
        cellCount,
      );
      if (!adopted) {
        cells.forEach((cell, k) => {
          grid.letters[cell] = before[k] as number;
        });
        continue;
      }
      const segment = toSegment(cells[0] as number, cells[cells.length - 1] as number, cellCount);
      placed.set(index, { word: index, cells, direction, segment });
      for (const [inner, occurrence] of adopted) {
        const innerCells =
          listLineCells(grid, occurrence.start, occurrence.direction, (words[inner] as string).length) ?? [];
        placed.set(inner, {
          word: inner,
          cells: innerCells,
          direction: occurrence.direction,
          segment: occurrence.segment,
          within: index,
        });
      }
      break;
    }
  }
  return placed;
}
