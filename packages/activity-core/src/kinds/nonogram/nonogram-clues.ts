/**
 * The run lengths of the filled cells of one line (`[]` for an empty line).
 *
 * @example
 * readLineClue([1, 1, 0, 1]); // [2, 1]
 */
export function readLineClue(cells: readonly number[]): number[] {
  const clue: number[] = [];
  let run = 0;
  for (const cell of cells) {
    if (cell === 1) run++;
    else if (run > 0) {
      clue.push(run);
      run = 0;
    }
  }
  if (run > 0) clue.push(run);
  return clue;
}

/**
 * Row and column clues of a picture given as rows of 0/1.
 *
 * @example
 * readClues([[1, 0], [1, 1]]); // { rowClues: [[1], [2]], colClues: [[2], [1]] }
 */
export function readClues(solution: readonly (readonly number[])[]): {
  rowClues: number[][];
  colClues: number[][];
} {
  const width = solution[0]?.length ?? 0;
  const rowClues = solution.map((row) => readLineClue(row));
  const colClues: number[][] = [];
  for (let col = 0; col < width; col++) colClues.push(readLineClue(solution.map((row) => row[col] ?? 0)));
  return { rowClues, colClues };
}
