import type { Random } from '../../random/seeded-random.js';
import { listOverContained } from './wordsearch-containment.js';
import { DIRECTIONS } from './wordsearch-directions.js';
import { fillGrid } from './wordsearch-fill.js';
import { layoutWords, type Placement } from './wordsearch-layout.js';
import type { LetterGrid } from './wordsearch-scanner.js';
import { pickThemeWords } from './wordsearch-theme-words.js';
import type { UnplacedReason, WordPlacement, WordsearchDoc, WordsearchInput } from './wordsearch-types.js';

/** Whole layouts tried when a word finds no room; the one placing the most words is kept. */
const LAYOUT_ATTEMPTS = 4;

function layoutBest(
  input: WordsearchInput,
  words: string[],
  random: Random,
): { grid: LetterGrid; placed: Map<number, Placement> } {
  let best: { grid: LetterGrid; placed: Map<number, Placement> } | null = null;
  for (let attempt = 0; attempt < LAYOUT_ATTEMPTS; attempt++) {
    const grid: LetterGrid = {
      width: input.width,
      height: input.height,
      mask: input.mask.cells,
      letters: new Uint8Array(input.mask.cells.length),
    };
    const placed = layoutWords(
      grid,
      words,
      input.directions,
      input.overlap,
      random.fork(`layout-${attempt}`),
    );
    if (!best || placed.size > best.placed.size) best = { grid, placed };
    if (placed.size === words.length) break;
  }
  return best as { grid: LetterGrid; placed: Map<number, Placement> };
}

/**
 * Makes a word search whose answer key is unambiguous: every listed word can be read in exactly
 * one place (in the allowed directions); words that cannot be placed so are listed in `unplaced`.
 *
 * @example
 * const doc = generateWordsearch(input, createRandom('ws'));
 */
export function generateWordsearch(input: WordsearchInput, random: Random): WordsearchDoc {
  const requested = input.words.length > 0 ? input.words : pickThemeWords(input, random.fork('theme'));
  const directions = DIRECTIONS.filter((direction) => input.directions.includes(direction));
  const overContained = listOverContained(requested, directions);
  const words = requested.filter((word) => !overContained.has(word));
  const { grid, placed } = layoutBest(input, words, random);
  const ambiguous = fillGrid(grid, words, placed, {
    directions,
    mode: input.fill,
    random: random.fork('fill'),
  });
  const at = (cell: number): [number, number] => [Math.floor(cell / grid.width), cell % grid.width];
  const placements: WordPlacement[] = [...placed.values()]
    .filter((placement) => !ambiguous.has(placement.word))
    .map((placement) => ({
      word: words[placement.word] as string,
      cells: placement.cells.map(at),
      direction: placement.direction,
      ...(placement.within === undefined || ambiguous.has(placement.within)
        ? {}
        : { within: words[placement.within] as string }),
    }))
    .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const reasonOf = (word: string, index: number): UnplacedReason | null =>
    overContained.has(word)
      ? 'inside-other-words'
      : index < 0 || !placed.has(index)
        ? 'no-room'
        : ambiguous.has(index)
          ? 'ambiguous'
          : null;
  const unplaced = requested.flatMap((word) => {
    const reason = reasonOf(word, words.indexOf(word));
    return reason ? [{ word, reason }] : [];
  });
  const rows = Array.from({ length: grid.height }, (_, row) =>
    Array.from({ length: grid.width }, (_, col) => {
      const cell = row * grid.width + col;
      return grid.mask[cell] === 1 ? String.fromCharCode(64 + (grid.letters[cell] as number)) : ' ';
    }).join(''),
  );
  return {
    width: grid.width,
    height: grid.height,
    shape: input.shape,
    grid: rows,
    words: placements.map((placement) => placement.word),
    placements,
    unplaced,
    directions,
    fill: input.fill,
    ...(input.words.length > 0 ? {} : { theme: input.theme }),
  };
}
