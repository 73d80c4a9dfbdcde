/** A maximal run of two or more letters. */
export interface Run {
  number: number;
  row: number;
  col: number;
  length: number;
  answer: string;
}

/** The numbering of a grid and its across and down runs. */
export interface Numbering {
  numbers: (number | null)[][];
  across: Run[];
  down: Run[];
}

const letterAt = (cells: readonly (readonly (string | null)[])[], row: number, col: number): string | null =>
  cells[row]?.[col] ?? null;

function readRun(
  cells: readonly (readonly (string | null)[])[],
  row: number,
  col: number,
  across: boolean,
): string {
  let answer = '';
  for (let r = row, c = col; ; across ? c++ : r++) {
    const letter = letterAt(cells, r, c);
    if (letter === null) return answer;
    answer += letter;
  }
}

/**
 * Numbers a grid in reading order the standard way: a cell gets the next number when an across
 * or a down run of two or more letters starts there; returns every such run.
 *
 * @example
 * numberGrid([['C', 'A', 'T'], ['A', null, null]]).across; // [{ number: 1, row: 0, col: 0, length: 3, answer: 'CAT' }]
 */
export function numberGrid(cells: readonly (readonly (string | null)[])[]): Numbering {
  const numbers: (number | null)[][] = [];
  const across: Run[] = [];
  const down: Run[] = [];
  let next = 1;
  cells.forEach((rowCells, row) => {
    const numberRow: (number | null)[] = [];
    rowCells.forEach((letter, col) => {
      const startsAcross =
        letter !== null && letterAt(cells, row, col - 1) === null && letterAt(cells, row, col + 1) !== null;
      const startsDown =
        letter !== null && letterAt(cells, row - 1, col) === null && letterAt(cells, row + 1, col) !== null;
      if (!startsAcross && !startsDown) {
        numberRow.push(null);
        return;
      }
      const number = next++;
      numberRow.push(number);
      if (startsAcross) {
        const answer = readRun(cells, row, col, true);
        across.push({ number, row, col, length: answer.length, answer });
      }
      if (startsDown) {
        const answer = readRun(cells, row, col, false);
        down.push({ number, row, col, length: answer.length, answer });
      }
    });
    numbers.push(numberRow);
  });
  return { numbers, across, down };
}
