/** The normalised input of a word scramble. */
export interface WordscrambleInput {
  /** The caller's words folded to A–Z, or null to pick `count` words of the bundled `theme`. */
  words: string[] | null;
  theme: string;
  count: number;
  /** Print each answer's first letter. */
  hint: boolean;
}

/** One scrambled word and its answer. */
export interface WordscrambleItem {
  scrambled: string;
  answer: string;
}

/** A word scramble page. */
export interface WordscrambleDoc {
  items: WordscrambleItem[];
  /** True when each answer's first letter is printed as a hint. */
  hint: boolean;
}
