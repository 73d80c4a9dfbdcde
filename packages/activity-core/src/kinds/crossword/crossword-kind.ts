import type { PuzzleKind } from '../kind.js';
import { drawCrossword } from './crossword-drawer.js';
import { generateCrossword } from './crossword-generator.js';
import { normalizeCrosswordInput } from './crossword-input.js';
import { CROSSWORD_THEME_NAMES } from './crossword-themes.js';
import type { CrosswordDoc, CrosswordInput } from './crossword-types.js';
import { validateCrossword } from './crossword-validator.js';

/**
 * Crosswords from the caller's words and clues: a compact interlocking layout (the best of
 * several seeded attempts), numbered in reading order, with across and down clue lists.
 *
 * @example
 * generatePage({
 *   kind: 'crossword',
 *   input: { words: [{ word: 'ocean', clue: 'A large body of salt water' }, { word: 'coral', clue: 'Reef builder' }] },
 *   seed: 'c1',
 * });
 */
export const crosswordKind = {
  name: 'crossword',
  title: 'Crossword',
  description:
    'Your words and clues laid out as a compact interlocking crossword with numbered across and down clues.',
  requiresAccount: true,
  inputs: [
    {
      name: 'words',
      type: 'object[]',
      description:
        'Your words, each with its clue: a word is folded to letters A–Z, 2 letters up to maxSize; a clue is 1 to 200 characters; no answer twice. Without them, words of the theme.',
      min: 2,
      max: 60,
    },
    {
      name: 'theme',
      type: 'enum',
      description: 'Bundled words with clues, used when words is absent.',
      default: 'animals',
      values: CROSSWORD_THEME_NAMES,
    },
    {
      name: 'count',
      type: 'integer',
      description: 'How many theme words to pick (ignored with words).',
      default: 12,
      min: 4,
      max: 22,
    },
    {
      name: 'maxSize',
      type: 'integer',
      description: 'Largest width and height of the grid, in cells.',
      default: 21,
      min: 5,
      max: 30,
    },
  ],
  normalizeInput: normalizeCrosswordInput,
  generate: generateCrossword,
  validate: validateCrossword,
  summarize(doc) {
    const words = doc.across.length + doc.down.length;
    const unplaced = doc.unplaced.length > 0 ? `; ${doc.unplaced.length} could not be placed` : '';
    return `Crossword ${doc.width}×${doc.height}, ${words} words (${doc.across.length} across, ${doc.down.length} down)${unplaced}.`;
  },
  difficulty: (doc) => `${doc.across.length + doc.down.length} words`,
  draw: drawCrossword,
} satisfies PuzzleKind<CrosswordInput, CrosswordDoc>;
