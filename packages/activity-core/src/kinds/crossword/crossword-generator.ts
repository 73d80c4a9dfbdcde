import type { Random } from '../../random/seeded-random.js';
import { arrangeCrossword } from './crossword-arranger.js';
import { ACROSS } from './crossword-canvas.js';
import { numberGrid, type Run } from './crossword-numbering.js';
import { CROSSWORD_THEMES, type CrosswordTheme } from './crossword-themes.js';
import type { CrosswordDoc, CrosswordEntry, CrosswordInput, CrosswordWord } from './crossword-types.js';

function pickThemeWords(theme: string, count: number, random: Random): CrosswordWord[] {
  const list: readonly CrosswordWord[] =
    CROSSWORD_THEMES[theme as CrosswordTheme] ?? CROSSWORD_THEMES.animals;
  return random.shuffle(list).slice(0, count);
}

/**
 * Lays the words out (the caller's, or `count` picked from the bundled theme), crops the layout to its bounding box, numbers it and pairs every run with
 * its clue. By construction every run of two or more letters is one of the placed words.
 *
 * @example
 * const doc = generateCrossword({ words: null, theme: 'space', count: 12, maxSize: 15 }, createRandom('c'));
 */
export function generateCrossword(input: CrosswordInput, random: Random): CrosswordDoc {
  const words = input.words ?? pickThemeWords(input.theme, input.count, random.fork('theme'));
  const answers = words.map((word) => word.answer);
  const { canvas, unplaced } = arrangeCrossword(answers, input.maxSize, random.fork('layout'));
  const { box, side, letters } = canvas;
  const cells: (string | null)[][] = [];
  for (let row = box.top; row <= box.bottom; row++) {
    const line: (string | null)[] = [];
    for (let col = box.left; col <= box.right; col++) {
      const code = letters[row * side + col] as number;
      line.push(code === 0 ? null : String.fromCharCode(code));
    }
    cells.push(line);
  }
  const clueAt = new Map<string, string>();
  for (const placement of canvas.placements) {
    const key = `${placement.direction === ACROSS ? 'a' : 'd'}${placement.row - box.top},${placement.col - box.left}`;
    clueAt.set(key, words[placement.word]?.clue ?? '');
  }
  const numbering = numberGrid(cells);
  const toEntry = (run: Run, prefix: string): CrosswordEntry => ({
    number: run.number,
    clue: clueAt.get(`${prefix}${run.row},${run.col}`) ?? '',
    answer: run.answer,
    row: run.row,
    col: run.col,
    length: run.length,
  });
  return {
    width: box.right - box.left + 1,
    height: box.bottom - box.top + 1,
    cells,
    numbers: numbering.numbers,
    across: numbering.across.map((run) => toEntry(run, 'a')),
    down: numbering.down.map((run) => toEntry(run, 'd')),
    unplaced: [...unplaced].sort((a, b) => a - b).map((index) => words[index] as CrosswordWord),
  };
}
