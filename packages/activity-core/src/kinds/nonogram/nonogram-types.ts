/** The normalised input of a nonogram: a given picture, or the size and density of a random one. */
export interface NonogramInput {
  /** Rows of 0/1 when a picture was given; null for a random picture. */
  picture: number[][] | null;
  width: number;
  height: number;
  /** Share of filled cells aimed at for a random picture. */
  density: number;
}

/** A nonogram page: the clues and the one solution a line solver reaches from them. */
export interface NonogramDoc {
  width: number;
  height: number;
  /** Run lengths of each row, top to bottom; `[]` for an empty row. */
  rowClues: number[][];
  /** Run lengths of each column, left to right; `[]` for an empty column. */
  colClues: number[][];
  /** Rows of 0 (empty) and 1 (filled). */
  solution: number[][];
}
