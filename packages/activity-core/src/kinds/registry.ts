import { crosswordKind } from './crossword/crossword-kind.js';
import { cryptogramKind } from './cryptogram/cryptogram-kind.js';
import type { PuzzleKind } from './kind.js';
import { mathKind } from './math/math-kind.js';
import { mazeKind } from './maze/maze-kind.js';
import { nonogramKind } from './nonogram/nonogram-kind.js';
import { sudokuKind } from './sudoku/sudoku-kind.js';
import { wordscrambleKind } from './wordscramble/wordscramble-kind.js';
import { wordsearchKind } from './wordsearch/wordsearch-kind.js';

/** Every kind, in the order `listKinds()` reports them. */
export const KINDS: readonly PuzzleKind<never, never>[] = [
  sudokuKind,
  wordsearchKind,
  mazeKind,
  crosswordKind,
  cryptogramKind,
  wordscrambleKind,
  nonogramKind,
  mathKind,
] as unknown as readonly PuzzleKind<never, never>[];

const BY_NAME = new Map(KINDS.map((kind) => [kind.name, kind as unknown as PuzzleKind]));

/** The kind named `name`, or undefined. */
export function findKind(name: unknown): PuzzleKind | undefined {
  return typeof name === 'string' ? BY_NAME.get(name) : undefined;
}
