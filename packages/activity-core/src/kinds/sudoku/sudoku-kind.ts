import type { ActivityIssue } from '../../errors.js';
import type { PuzzleKind } from '../kind.js';
import { drawSudoku } from './sudoku-drawer.js';
import { generateSudoku } from './sudoku-generator.js';
import { isSudokuSize } from './sudoku-geometry.js';
import { SUDOKU_GRADES } from './sudoku-grader.js';
import { SUDOKU_SYMMETRIES } from './sudoku-symmetry.js';
import type { SudokuDifficulty, SudokuDoc, SudokuInput } from './sudoku-types.js';
import { validateSudoku } from './sudoku-validator.js';

/**
 * Sudoku: 4×4, 6×6, 9×9 and 16×16 grids with exactly one solution, graded on qqwing's ladder.
 *
 * @example
 * const doc = sudokuKind.generate({ size: 9, difficulty: 'easy', symmetry: 'rotate180' }, createRandom('s'));
 */
export const sudokuKind = {
  name: 'sudoku',
  title: 'Sudoku',
  description:
    'Fill the grid so every row, column and box holds each digit once. Every puzzle has exactly one solution and is graded by the hardest technique it needs.',
  requiresAccount: false,
  inputs: [
    {
      name: 'size',
      type: 'integer',
      description:
        'Grid size: 4 (2×2 boxes) or 6 (2×3 boxes) for children, 9, or 16 (4×4 boxes) for experts.',
      default: 9,
      min: 4,
      max: 16,
    },
    {
      name: 'difficulty',
      type: 'enum',
      description:
        'simple: naked singles only; easy: hidden singles; intermediate: pairs and box/line intersections; expert: needs guessing. any: the first grid made.',
      default: 'any',
      values: ['any', ...SUDOKU_GRADES],
    },
    {
      name: 'symmetry',
      type: 'enum',
      description: 'Symmetry of the pattern of givens.',
      default: 'rotate180',
      values: SUDOKU_SYMMETRIES,
    },
  ],
  normalizeInput(raw) {
    const issues: ActivityIssue[] = [];
    if (!isSudokuSize(raw.size)) {
      issues.push({ code: 'ACT_INVALID_INPUT', message: 'size: must be 4, 6, 9 or 16.', path: '/size' });
    }
    const input = {
      size: isSudokuSize(raw.size) ? raw.size : 9,
      difficulty: raw.difficulty as SudokuDifficulty,
      symmetry: raw.symmetry as SudokuInput['symmetry'],
    } satisfies SudokuInput;
    return { input, issues };
  },
  generate: generateSudoku,
  validate: validateSudoku,
  summarize(doc) {
    const missed =
      doc.requestedDifficulty !== 'any' && doc.requestedDifficulty !== doc.grade
        ? ` (asked for ${doc.requestedDifficulty}; the closest found)`
        : '';
    return `${doc.size}×${doc.size} sudoku, ${doc.grade}${missed}, ${doc.clueCount} givens, ${doc.symmetry} symmetry.`;
  },
  difficulty: (doc) => doc.grade,
  draw: drawSudoku,
} satisfies PuzzleKind<SudokuInput, SudokuDoc>;
