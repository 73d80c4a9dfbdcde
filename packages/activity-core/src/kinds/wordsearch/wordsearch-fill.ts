import type { Random } from '../../random/seeded-random.js';
import type { Direction } from './wordsearch-directions.js';
import type { Placement } from './wordsearch-layout.js';
import { createWordScanner, type LetterGrid, listLineCells } from './wordsearch-scanner.js';
import type { FillMode } from './wordsearch-types.js';

/** Rounds of scan-and-repair before a word still read twice is taken off the list. */
const REPAIR_ROUNDS = 60;

function buildWeights(words: readonly string[], mode: FillMode): number[] {
  const weights = new Array(26).fill(1);
  if (mode === 'word-letters') {
    for (const word of words) for (const ch of word) weights[ch.charCodeAt(0) - 65] += 4;
  }
  return weights;
}

function pickLetter(weights: readonly number[], total: number, random: Random): number {
  let roll = random.next() * total;
  for (let k = 0; k < 26; k++) {
    roll -= weights[k] as number;
    if (roll < 0) return k + 1;
  }
  return 26;
}

/**
 * Fills the blank cells, then scans for any reading of a listed word other than its placement and
 * re-rolls one filler cell of each such reading (uniform A–Z) until none is left. Every accidental
 * reading crosses a filler cell (the layout allows none among word cells), so this converges; a
 * word still read twice after the bounded rounds is returned to be dropped from the list.
 *
 * @example
 * const ambiguous = fillGrid(grid, words, placements, { directions, mode: 'word-letters', random });
 */
export function fillGrid(
  grid: LetterGrid,
  words: readonly string[],
  placements: ReadonlyMap<number, Placement>,
  options: { directions: readonly Direction[]; mode: FillMode; random: Random },
): Set<number> {
  const { directions, mode, random } = options;
  const fixed = new Uint8Array(grid.letters.length);
  for (const placement of placements.values()) for (const cell of placement.cells) fixed[cell] = 1;
  const listed = [...placements.keys()].sort((a, b) => a - b);
  const weights = buildWeights(
    listed.map((index) => words[index] as string),
    mode,
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  for (let cell = 0; cell < grid.letters.length; cell++) {
    if (grid.mask[cell] === 1 && fixed[cell] === 0) grid.letters[cell] = pickLetter(weights, total, random);
  }
  const scanner = createWordScanner(listed.map((index) => words[index] as string));
  for (let round = 0; ; round++) {
    const stray = scanner
      .scan(grid, directions)
      .filter(
        (occurrence) => placements.get(listed[occurrence.word] as number)?.segment !== occurrence.segment,
      );
    if (stray.length === 0) return new Set();
    if (round === REPAIR_ROUNDS) return new Set(stray.map((occurrence) => listed[occurrence.word] as number));
    for (const occurrence of stray) {
      const length = (words[listed[occurrence.word] as number] as string).length;
      const filler = (listLineCells(grid, occurrence.start, occurrence.direction, length) ?? []).filter(
        (cell) => fixed[cell] === 0,
      );
      if (filler.length === 0) continue;
      const cell = random.pick(filler);
      grid.letters[cell] = (((grid.letters[cell] as number) + random.int(0, 24)) % 26) + 1;
    }
  }
}
