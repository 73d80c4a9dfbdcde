import type { Diagnostic, ScriptErrorCode, Span } from '../diagnostics.js';
import type { Expression } from './ast.js';
import type { Token } from './tokens.js';

/**
 * What parselets and statement layers see of the parser: a token cursor, diagnostics and the
 * Pratt expression parser. Declared apart from its implementation (`script-parser.ts`) so the
 * grammar's parts (`expression-prefix`, `expression-infix`, `expression-lambda`) depend on this
 * contract and the implementation depends on them, never the other way round.
 */
export interface ScriptParser {
  readonly diagnostics: Diagnostic[];
  readonly options: ScriptParserOptions;
  /** True once too many diagnostics were reported: statement loops stop. */
  readonly gaveUp: boolean;
  /** The last consumed token. */
  readonly previous: Token | undefined;
  /** The token `offset` ahead (newlines skipped inside brackets). */
  peek(offset?: number): Token;
  /** Consumes and returns the next token. */
  next(): Token;
  atEnd(): boolean;
  /** True at a newline, `;` or the end of input. */
  atLineEnd(): boolean;
  skipNewlines(): void;
  /** True when the token is the word, compared case-insensitively. */
  isKeyword(word: string, token?: Token): boolean;
  matchKeyword(word: string): Token | undefined;
  expectKeyword(word: string): Token;
  isPunct(text: string, token?: Token): boolean;
  matchPunct(text: string): Token | undefined;
  expectPunct(text: string): Token;
  /** Consumes a name that is not a reserved word. */
  expectName(what?: string): Token;
  /** Requires a newline, `;` or the end of input (consumed when a newline). */
  expectLineEnd(): void;
  isReserved(token: Token): boolean;
  /**
   * At the start of a statement: when the word there is close to one of `keywords` (default:
   * the reserved words) and the line goes on, reports `unknown statement "fro" (did you mean
   * "for"?)` and returns the keyword (lower case) to parse on with; otherwise undefined.
   */
  misspeltKeyword(keywords?: Iterable<string>): string | undefined;
  /** Records "expected X but found Y" at the next token and unwinds the statement. */
  expected(what: string, token?: Token): never;
  /** Records a diagnostic and unwinds the statement. */
  fail(code: ScriptErrorCode, message: string, span: Span): never;
  /** Records a diagnostic without unwinding. */
  report(code: ScriptErrorCode, message: string, span: Span): void;
  /** After an error: skips past the next line end, leaving any brackets. */
  recover(): void;
  /**
   * After an error inside a statement: skips to the next of `words` on the same line (not
   * consumed; true) or to the line end (false), leaving any brackets, so a statement made of
   * clauses (`FROM … WHERE … SELECT …`) can report an error in each clause.
   */
  recoverTo(words: readonly string[]): boolean;
  /** The span from a start token to the last consumed token. */
  spanFrom(start: Token): Span;
  /**
   * Parses statements until the end of input or one of the stop words (not consumed),
   * recovering after each syntax error so several are reported at once.
   */
  parseBlock<S>(parseStatement: (parser: ScriptParser) => S | undefined, stopWords?: readonly string[]): S[];
  /** Enters brackets: newlines are insignificant until the matching `leaveBracket`. */
  enterBracket(): void;
  leaveBracket(): void;
  /** Runs `parse` with `word` ending every expression inside it (the `end` of `fn (x) … end`). */
  withStopWord<T>(word: string, parse: () => T): T;
  /** Parses one expression whose operators bind tighter than `minPrecedence`. */
  parseExpression(minPrecedence?: number): Expression;
  /** Parses an embedded `{{ … }}` expression at its real position in the source. */
  parseEmbedded(source: string, origin: { line: number; column: number }): Expression;
}

/** Continues an expression after an operator token; `precedence` decides how tightly it binds. */
export interface InfixParselet {
  precedence: number;
  parse(parser: ScriptParser, left: Expression, token: Token): Expression;
}

/** Builds an expression from a prefix token (a literal, a name, an opening bracket). */
export type PrefixParselet = (parser: ScriptParser, token: Token) => Expression;

/**
 * What a language adds to the shared expression grammar. Keys of `infix` and `prefix` are
 * punctuation (`%`) or lower-case words (`in`); they override the core's entries.
 */
export interface ParserExtensions {
  infix?: Readonly<Record<string, InfixParselet>>;
  prefix?: Readonly<Record<string, PrefixParselet>>;
  /**
   * Tried when an expression is followed by a token with no infix rule (`3 ft`): return a
   * bigger expression, or undefined to end the expression there.
   */
  adjacent?: (parser: ScriptParser, left: Expression, minPrecedence: number) => Expression | undefined;
  /** Lower-case words that are statement keywords, never names inside expressions. */
  reserved?: readonly string[];
}

/** Options of `createScriptParser`. */
export interface ScriptParserOptions extends ParserExtensions {
  /** Deepest expression nesting accepted (default 200). */
  maxNesting?: number;
  /** Diagnostics kept before the parser gives up (default 50). */
  maxDiagnostics?: number;
}
