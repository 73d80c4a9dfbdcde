import type { Shape, ShapeMask } from '../../internal/shape-mask.js';
import type { Direction } from './wordsearch-directions.js';
import type { Theme } from './wordsearch-themes.js';

/** Fill letters: uniform A–Z, or weighted by the letters of the words (decoys; harder). */
export const FILL_MODES = ['word-letters', 'alphabet'] as const;

/** How filler letters are chosen. */
export type FillMode = (typeof FILL_MODES)[number];

/** The normalised input of the word search kind. */
export interface WordsearchInput {
  /** Normalised words (A–Z, unique); empty when a theme supplies them. */
  words: string[];
  theme: Theme;
  /** How many theme words to pick when `words` is empty. */
  count: number;
  width: number;
  height: number;
  shape: Shape;
  mask: ShapeMask;
  directions: Direction[];
  fill: FillMode;
  overlap: boolean;
}

/** Why a word is not on the page. */
export type UnplacedReason = 'no-room' | 'inside-other-words' | 'ambiguous';

/** Where one word is hidden: its cells `[row, col]` in reading order. */
export interface WordPlacement {
  word: string;
  cells: [number, number][];
  direction: Direction;
  /** Set when the word is read inside a longer listed word (SUN inside SUNFLOWER) rather than on its own. */
  within?: string;
}

/** A word search page: plain JSON. */
export interface WordsearchDoc {
  width: number;
  height: number;
  shape: Shape;
  /** Rows of letters; a space marks a cell outside the shape. */
  grid: string[];
  /** The words to find, A–Z (the list printed beside the grid). */
  words: string[];
  /** One per word, in the order of `words`. */
  placements: WordPlacement[];
  /** Words asked for but not on the page, with the reason. */
  unplaced: { word: string; reason: UnplacedReason }[];
  /** The reading directions used; each word occurs exactly once reading in these. */
  directions: Direction[];
  fill: FillMode;
  /** The bundled list the words came from, when no words were given. */
  theme?: Theme;
}
