import type { PuzzleKind } from '../kind.js';
import { drawWordscramble } from './wordscramble-drawer.js';
import { generateWordscramble } from './wordscramble-generator.js';
import { normalizeWordscrambleInput } from './wordscramble-input.js';
import { WORDSCRAMBLE_THEME_NAMES } from './wordscramble-themes.js';
import type { WordscrambleDoc, WordscrambleInput } from './wordscramble-types.js';
import { validateWordscramble } from './wordscramble-validator.js';

/**
 * Word scrambles: each word's letters shuffled (never into the word itself or another listed
 * word), with blanks for the answer and an optional first-letter hint.
 *
 * @example
 * generatePage({ kind: 'wordscramble', input: { words: ['planet', 'comet', 'orbit'], hint: true }, seed: 'w1' });
 */
export const wordscrambleKind = {
  name: 'wordscramble',
  title: 'Word scramble',
  description: 'Unscramble the letters to find each word.',
  requiresAccount: true,
  inputs: [
    {
      name: 'words',
      type: 'string[]',
      description: 'Words to scramble (folded to 2–15 letters A–Z; each once). Absent: words of the theme.',
      min: 1,
      max: 50,
    },
    {
      name: 'theme',
      type: 'enum',
      description: 'Bundled word list, used when words is absent.',
      default: 'animals',
      values: WORDSCRAMBLE_THEME_NAMES,
    },
    {
      name: 'count',
      type: 'integer',
      description: 'How many theme words to pick (ignored with words).',
      default: 12,
      min: 3,
      max: 24,
    },
    { name: 'hint', type: 'boolean', description: 'Print the first letter of each answer.', default: false },
  ],
  normalizeInput: normalizeWordscrambleInput,
  generate: generateWordscramble,
  validate: validateWordscramble,
  summarize: (doc) => `Word scramble of ${doc.items.length} words${doc.hint ? ', first letters given' : ''}.`,
  difficulty(doc) {
    const average =
      doc.items.reduce((sum, item) => sum + item.answer.length, 0) / Math.max(1, doc.items.length);
    const level = (average <= 5 ? 0 : average <= 7 ? 1 : 2) - (doc.hint ? 1 : 0);
    return level <= 0 ? 'easy' : level === 1 ? 'medium' : 'hard';
  },
  draw: drawWordscramble,
} satisfies PuzzleKind<WordscrambleInput, WordscrambleDoc>;
