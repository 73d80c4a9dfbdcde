import type { PuzzleKind } from '../kind.js';
import { readClues } from './nonogram-clues.js';
import { drawNonogram } from './nonogram-drawer.js';
import { normalizeNonogramInput } from './nonogram-input.js';
import { createRandomPicture } from './nonogram-picture-generator.js';
import type { NonogramDoc, NonogramInput } from './nonogram-types.js';
import { validateNonogram } from './nonogram-validator.js';

/**
 * Nonograms (griddlers, paint-by-numbers): from a given picture or a random one, accepted only
 * when a line solver reaches the solution without guessing — so it is unique.
 *
 * @example
 * generatePage({ kind: 'nonogram', input: { width: 15, height: 15, density: 0.6 }, seed: 'n1' });
 * generatePage({ kind: 'nonogram', input: { picture: ['01010', '11111', '11111', '01110', '00100'] } });
 */
export const nonogramKind = {
  name: 'nonogram',
  title: 'Nonogram',
  description:
    'Picture logic puzzles from a given picture or a random one, always solvable line by line with one solution.',
  requiresAccount: true,
  inputs: [
    {
      name: 'picture',
      type: 'grid',
      description:
        'Rows of the picture (5–30 rows of 5–30 cells): text like "01110" or "#.#", or lists of 0/1; absent for a random picture.',
      min: 5,
      max: 30,
    },
    {
      name: 'width',
      type: 'integer',
      description: 'Columns of a random picture.',
      default: 10,
      min: 5,
      max: 30,
    },
    {
      name: 'height',
      type: 'integer',
      description: 'Rows of a random picture.',
      default: 10,
      min: 5,
      max: 30,
    },
    {
      name: 'density',
      type: 'number',
      description: 'Share of filled cells in a random picture (at least 0.45 above 25 cells a side).',
      default: 0.6,
      min: 0.3,
      max: 0.9,
    },
  ],
  normalizeInput: normalizeNonogramInput,
  generate(input, random): NonogramDoc {
    const solution = input.picture ?? createRandomPicture(input, random.fork('picture'));
    const { rowClues, colClues } = readClues(solution);
    return { width: solution[0]?.length ?? 0, height: solution.length, rowClues, colClues, solution };
  },
  validate: validateNonogram,
  summarize(doc) {
    const filled = doc.solution.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
    return `Nonogram ${doc.width}×${doc.height}, ${filled} filled cells.`;
  },
  difficulty: (doc) => `${doc.width}×${doc.height}`,
  draw: drawNonogram,
} satisfies PuzzleKind<NonogramInput, NonogramDoc>;
