import type { ActivityIssue } from '../../errors.js';
import { readShapeInput } from '../../internal/mask-input.js';
import { buildShapeMask, countMaskCells, SHAPES } from '../../internal/shape-mask.js';
import type { PuzzleKind } from '../kind.js';
import { DIRECTIONS, type Direction, FORWARD_DIRECTIONS } from './wordsearch-directions.js';
import { drawWordsearch } from './wordsearch-drawer.js';
import { generateWordsearch } from './wordsearch-generator.js';
import { THEME_NAMES, type Theme } from './wordsearch-themes.js';
import { FILL_MODES, type FillMode, type WordsearchDoc, type WordsearchInput } from './wordsearch-types.js';
import { validateWordsearch } from './wordsearch-validator.js';
import { readWordList } from './wordsearch-words.js';

const MIN_SIDE = 6;
const MAX_SIDE = 30;

function readDirections(raw: unknown): { directions: Direction[]; issues: ActivityIssue[] } {
  const list = raw as string[];
  const wrong = list.findIndex((value) => !DIRECTIONS.includes(value as Direction));
  if (wrong >= 0) {
    return {
      directions: [],
      issues: [
        {
          code: 'ACT_INVALID_INPUT',
          message: `directions: each must be one of ${DIRECTIONS.join(', ')}.`,
          path: `/directions/${wrong}`,
        },
      ],
    };
  }
  return { directions: DIRECTIONS.filter((direction) => list.includes(direction)), issues: [] };
}

/**
 * Word search: words from a list or a bundled theme hidden in a letter grid (optionally shaped),
 * each readable in exactly one place, with the key holding each word's cells.
 *
 * @example
 * const page = generatePage({ kind: 'wordsearch', input: { words: ['Sun', 'Moon', 'Star'], size: 10 }, seed: 'w1' });
 */
export const wordsearchKind = {
  name: 'wordsearch',
  title: 'Word search',
  description:
    'Find the listed words hidden in the letter grid. Every word can be read in exactly one place.',
  requiresAccount: false,
  inputs: [
    {
      name: 'words',
      type: 'string[]',
      description:
        'Words to hide (letters A–Z are kept, accents folded, duplicates dropped); a theme is used when absent.',
      min: 1,
      max: 60,
    },
    {
      name: 'theme',
      type: 'enum',
      description: 'Bundled word list used when no words are given.',
      default: 'animals',
      values: THEME_NAMES,
    },
    {
      name: 'count',
      type: 'integer',
      description: 'How many theme words to use (default: about one per 10 cells, 5 to 25).',
      min: 1,
      max: 60,
    },
    {
      name: 'size',
      type: 'integer',
      description: 'Grid width and height (cells).',
      default: 12,
      min: MIN_SIDE,
      max: MAX_SIDE,
    },
    {
      name: 'width',
      type: 'integer',
      description: 'Grid width, overriding size.',
      min: MIN_SIDE,
      max: MAX_SIDE,
    },
    {
      name: 'height',
      type: 'integer',
      description: 'Grid height, overriding size.',
      min: MIN_SIDE,
      max: MAX_SIDE,
    },
    {
      name: 'shape',
      type: 'enum',
      description:
        'Outline: rectangle (default), circle, diamond, heart, or custom (default when mask is given).',
      values: SHAPES,
    },
    {
      name: 'mask',
      type: 'grid',
      description:
        "Custom shape: rows such as '01110' or [0,1,1,1,0] (1 = a letter cell); the cells must be connected.",
      min: 2,
      max: MAX_SIDE,
    },
    {
      name: 'directions',
      type: 'string[]',
      description: `Reading directions allowed, any of ${DIRECTIONS.join(', ')}; backwards words come from W, N, NW, SW. Default: forwards only.`,
      default: [...FORWARD_DIRECTIONS],
      min: 1,
      max: 8,
    },
    {
      name: 'fill',
      type: 'enum',
      description: 'Filler letters: weighted by the words’ letters (harder) or uniform A–Z.',
      default: 'word-letters',
      values: FILL_MODES,
    },
    {
      name: 'overlap',
      type: 'boolean',
      description: 'Let words share matching letters (preferred when true).',
      default: true,
    },
  ],
  normalizeInput(raw) {
    const width = (raw.width ?? raw.size) as number;
    const height = (raw.height ?? raw.size) as number;
    const shaped = readShapeInput({ ...raw, width, height }, { min: 2, max: MAX_SIDE, minCells: 4 });
    const mask = shaped.mask ?? buildShapeMask('rectangle', width, height);
    const { directions, issues: directionIssues } = readDirections(raw.directions);
    const words =
      raw.words === undefined
        ? { words: [], issues: [] }
        : readWordList(raw.words as string[], Math.max(mask.width, mask.height));
    const auto = Math.min(25, Math.max(5, Math.round(countMaskCells(mask) / 10)));
    const input: WordsearchInput = {
      words: words.words,
      theme: raw.theme as Theme,
      count: (raw.count as number | undefined) ?? auto,
      width: mask.width,
      height: mask.height,
      shape: shaped.shape,
      mask,
      directions,
      fill: raw.fill as FillMode,
      overlap: raw.overlap as boolean,
    };
    return { input, issues: [...shaped.issues, ...directionIssues, ...words.issues] };
  },
  generate: generateWordsearch,
  validate: validateWordsearch,
  summarize(doc) {
    const missing =
      doc.unplaced.length > 0
        ? `; ${doc.unplaced.length} could not be placed (${doc.unplaced.map((u) => u.word).join(', ')})`
        : '';
    return `${doc.width}×${doc.height} word search, ${doc.words.length} words${doc.theme ? ` (${doc.theme})` : ''}, directions ${doc.directions.join(' ')}${missing}.`;
  },
  // Backward readings are the hardest to spot, then diagonals.
  difficulty: (doc) =>
    doc.directions.some((d) => ['N', 'W', 'NW', 'SW'].includes(d))
      ? 'hard'
      : doc.directions.some((d) => d.length === 2)
        ? 'medium'
        : 'easy',
  draw: drawWordsearch,
} satisfies PuzzleKind<WordsearchInput, WordsearchDoc>;
