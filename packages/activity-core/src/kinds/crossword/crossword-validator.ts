import type { ActivityIssue } from '../../errors.js';
import { numberGrid, type Run } from './crossword-numbering.js';

const MAX_SIDE = 30;

const fail = (message: string, path = ''): ActivityIssue => ({ code: 'ACT_INVALID_PAGE', message, path });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isSide = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_SIDE;

function isShaped<T>(
  value: unknown,
  width: number,
  height: number,
  isCell: (cell: unknown) => cell is T,
): value is T[][] {
  return (
    Array.isArray(value) &&
    value.length === height &&
    value.every((row) => Array.isArray(row) && row.length === width && row.every(isCell))
  );
}

const isLetterCell = (cell: unknown): cell is string | null =>
  cell === null || (typeof cell === 'string' && /^[A-Z]$/.test(cell));
const isNumberCell = (cell: unknown): cell is number | null =>
  cell === null || (Number.isInteger(cell) && (cell as number) > 0);

interface EntryContext {
  runAt: Map<string, Run>;
  matched: Set<Run>;
  across: boolean;
  cells: (string | null)[][];
}

// One clue: well-formed, its answer in its cells as a whole run, numbered like that run.
function checkEntry(
  entry: unknown,
  path: string,
  label: string,
  context: EntryContext,
): ActivityIssue | null {
  if (!isRecord(entry)) return fail(`${label}: expected { number, clue, answer, row, col, length }.`, path);
  const { number, clue, answer, row, col, length } = entry;
  if (typeof clue !== 'string' || clue.trim() === '')
    return fail(`${label}: the clue is empty.`, `${path}/clue`);
  if (!Number.isInteger(number) || !Number.isInteger(row) || !Number.isInteger(col)) {
    return fail(`${label}: number, row and col must be whole numbers.`, path);
  }
  if (typeof answer !== 'string' || !/^[A-Z]{2,}$/.test(answer) || length !== answer.length) {
    return fail(`${label}: answer must be 2 or more letters A–Z and length its length.`, `${path}/answer`);
  }
  const { across, cells } = context;
  const read = Array.from(
    answer,
    (_, i) => cells[(row as number) + (across ? 0 : i)]?.[(col as number) + (across ? i : 0)] ?? '-',
  ).join('');
  if (read !== answer) return fail(`${label}: ${answer} is not what its cells hold (${read}).`, path);
  const run = context.runAt.get(`${row},${col}`);
  if (!run || run.length !== answer.length)
    return fail(`${label}: ${answer} is not a whole word of the grid.`, path);
  if (context.matched.has(run)) return fail(`${label}: the word at ${run.number} is clued twice.`, path);
  context.matched.add(run);
  if (number !== run.number)
    return fail(`${label}: that cell is numbered ${run.number}, not ${number}.`, `${path}/number`);
  return null;
}

function checkEntries(
  list: unknown,
  runs: readonly Run[],
  across: boolean,
  cells: (string | null)[][],
): ActivityIssue[] {
  const name = across ? 'across' : 'down';
  if (!Array.isArray(list)) return [fail(`${name} must be a list of clues.`, `/${name}`)];
  const issues: ActivityIssue[] = [];
  const runAt = new Map(runs.map((run) => [`${run.row},${run.col}`, run]));
  const matched = new Set<Run>();
  for (const [index, entry] of list.entries()) {
    const issue = checkEntry(entry, `/${name}/${index}`, `${name} ${index + 1}`, {
      runAt,
      matched,
      across,
      cells,
    });
    if (issue) issues.push(issue);
  }
  for (const run of runs) {
    if (!matched.has(run))
      issues.push(
        fail(`${run.number} ${name}: the letters ${run.answer} form a word with no clue.`, `/${name}`),
      );
  }
  return issues;
}

/**
 * Checks a crossword doc: cells are letters or blocks, the numbering is the standard reading
 * order numbering, every clue's answer is in its cells as a whole word, every run of two or more
 * letters has a clue (no accidental words) and every letter belongs to a word. Never throws.
 *
 * @example
 * validateCrossword(page.doc); // [] when consistent
 */
export function validateCrossword(doc: unknown): ActivityIssue[] {
  if (!isRecord(doc)) return [fail('A crossword page must be an object.')];
  const { width, height, cells, numbers, across, down, unplaced } = doc;
  if (!isSide(width) || !isSide(height))
    return [fail(`width and height must be whole numbers from 1 to ${MAX_SIDE}.`, '/width')];
  if (!isShaped(cells, width, height, isLetterCell))
    return [fail(`cells must be ${height} rows of ${width} letters A–Z or null.`, '/cells')];
  const issues: ActivityIssue[] = [];
  const numbering = numberGrid(cells);
  if (!isShaped(numbers, width, height, isNumberCell))
    issues.push(fail(`numbers must be ${height} rows of ${width} numbers or null.`, '/numbers'));
  else if (numbers.some((row, r) => row.some((value, c) => value !== numbering.numbers[r]?.[c]))) {
    issues.push(fail('numbers are not the reading-order numbering of the grid.', '/numbers'));
  }
  issues.push(
    ...checkEntries(across, numbering.across, true, cells),
    ...checkEntries(down, numbering.down, false, cells),
  );
  cells.forEach((row, r) => {
    row.forEach((letter, c) => {
      const lone =
        letter !== null &&
        !cells[r]?.[c - 1] &&
        !cells[r]?.[c + 1] &&
        !cells[r - 1]?.[c] &&
        !cells[r + 1]?.[c];
      if (lone)
        issues.push(
          fail(`The letter at row ${r + 1}, column ${c + 1} belongs to no word.`, `/cells/${r}/${c}`),
        );
    });
  });
  const answers = [...numbering.across, ...numbering.down].map((run) => run.answer);
  const repeated = answers.find((answer, i) => answers.indexOf(answer) !== i);
  if (repeated) issues.push(fail(`The answer ${repeated} appears twice.`, ''));
  if (
    !Array.isArray(unplaced) ||
    !unplaced.every(
      (item) => isRecord(item) && typeof item.answer === 'string' && typeof item.clue === 'string',
    )
  ) {
    issues.push(fail('unplaced must be a list of { answer, clue }.', '/unplaced'));
  }
  return issues;
}
