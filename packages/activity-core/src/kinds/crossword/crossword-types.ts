/** One answer and its clue, after normalising (`answer` is A–Z only). */
export interface CrosswordWord {
  answer: string;
  clue: string;
}

/** The normalised input of a crossword. */
export interface CrosswordInput {
  /** The caller's words, or null to pick `count` words of the bundled `theme`. */
  words: CrosswordWord[] | null;
  theme: string;
  count: number;
  /** The layout's width and height may not exceed this many cells. */
  maxSize: number;
}

/** One clue of the across or down list. */
export interface CrosswordEntry {
  number: number;
  clue: string;
  answer: string;
  /** Zero-based row and column of the answer's first cell. */
  row: number;
  col: number;
  length: number;
}

/** A crossword page. */
export interface CrosswordDoc {
  width: number;
  height: number;
  /** Rows of cells: the answer letter, or null for a block. */
  cells: (string | null)[][];
  /** Rows of clue numbers: the number printed in a cell, or null. */
  numbers: (number | null)[][];
  across: CrosswordEntry[];
  down: CrosswordEntry[];
  /** Words that could not be crossed into the layout, in input order. */
  unplaced: CrosswordWord[];
}
