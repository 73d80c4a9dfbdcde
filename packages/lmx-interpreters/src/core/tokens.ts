/** What a token is. Keywords are `name` tokens: each language decides which names are keywords. */
export type TokenKind = 'number' | 'string' | 'name' | 'punct' | 'newline' | 'eof';

/** One piece of a string literal: literal text or an embedded `{{ expression }}`. */
export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'expression'; source: string; line: number; column: number };

/** One lexical token with its 1-based source range (end exclusive). */
export interface Token {
  kind: TokenKind;
  /** The source text (for strings: the raw literal including quotes; for newline: `\n` or `;`). */
  text: string;
  /** The numeric value of a `number` token. */
  value?: number;
  /** The decoded pieces of a `string` token. */
  parts?: TemplatePart[];
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Offsets into the lexed text, end exclusive. */
  start: number;
  end: number;
  /** True when whitespace or a comment came right before this token. */
  spaceBefore: boolean;
}

/** Multi-character punctuation, longest first. */
export const MULTI_PUNCTUATION: readonly string[] = ['==', '!=', '<=', '>=', '->', '=>', '..', '?.'];

/** Single-character punctuation the lexer accepts. */
export const SINGLE_PUNCTUATION = new Set('()[]{},:.+-*/%^=<>!@?|&$~'.split(''));
