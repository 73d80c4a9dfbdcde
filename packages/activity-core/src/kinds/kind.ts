import type { Drawing } from '../drawing/drawing.js';
import type { ActivityIssue } from '../errors.js';
import type { Random } from '../random/seeded-random.js';

/** One accepted input key of a kind, as `listKinds()` reports it. */
export interface InputField {
  name: string;
  type: 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'string[]' | 'object[]' | 'grid';
  description: string;
  /** The value used when the key is absent (absent when the key is required or has no default). */
  default?: unknown;
  required?: boolean;
  /** Bounds: for numbers the value, for strings the length, for arrays the item count. */
  min?: number;
  max?: number;
  /** Allowed values of an `enum`. */
  values?: readonly string[];
}

/** How to draw a page. */
export interface DrawOptions {
  /** Draw the answer key instead of the puzzle. */
  key: boolean;
  /** Grid text at least 18 pt when printed. */
  largePrint: boolean;
}

/**
 * A puzzle kind: a plain object checked with `satisfies PuzzleKind<…>`. `generate` must be
 * deterministic for a given input and Random; `validate` must accept every doc `generate` makes
 * and reject inconsistent ones (a wrong solution, a second answer, cells out of range).
 */
export interface PuzzleKind<Input = Record<string, unknown>, Doc = Record<string, unknown>> {
  name: string;
  title: string;
  description: string;
  /** False for the kinds anyone may generate without an account (sudoku, wordsearch, maze). */
  requiresAccount: boolean;
  inputs: readonly InputField[];
  /**
   * Checks kind-specific rules after the generic checks of `inputs` (types, bounds, enums) and
   * returns the normalised input or the issues found.
   */
  normalizeInput(raw: Record<string, unknown>): { input: Input; issues: ActivityIssue[] };
  generate(input: Input, random: Random): Doc;
  validate(doc: unknown): ActivityIssue[];
  summarize(doc: Doc): string;
  /** A short difficulty label for books (`easy`, `expert`, `12×12`), when the kind has one. */
  difficulty(doc: Doc): string | undefined;
  draw(doc: Doc, options: DrawOptions): Drawing;
}
