import type { Diagnostic, ScriptErrorCode, Span } from '../diagnostics.js';
import { type Expression, joinSpans } from './ast.js';
import { CORE_INFIX, PRECEDENCE } from './expression-infix.js';
import type {
  InfixParselet,
  ParserExtensions,
  PrefixParselet,
  ScriptParser as ScriptParserContract,
  ScriptParserOptions,
} from './expression-parser.js';
import { parsePrefix } from './expression-prefix.js';
import { lexScript } from './lexer.js';
import { suggestName } from './suggest-name.js';
import { describeToken, spanOfToken } from './token-span.js';
import type { Token } from './tokens.js';

/** Thrown inside the parser to unwind one statement after a syntax error was recorded. */
export class ParseAbort extends Error {
  constructor() {
    super('parse aborted');
    this.name = 'ParseAbort';
  }
}

/**
 * Creates a parser over script text: a token cursor with helpers for statement layers, a
 * Pratt expression parser and error recovery. Syntax errors are collected in `diagnostics`;
 * statement layers catch {@link ParseAbort} (or use `parseBlock`) to go on after one.
 *
 * @example
 * ```ts
 * const parser = createScriptParser('1 + 2 * x');
 * const expression = parser.parseExpression();
 * parser.diagnostics; // []
 * ```
 */
export function createScriptParser(source: string, options: ScriptParserOptions = {}): ScriptParserContract {
  return new ScriptParserImplementation(source, options);
}

/** See {@link createScriptParser}; typed by its contract, {@link ScriptParser}. */
class ScriptParserImplementation implements ScriptParserContract {
  readonly diagnostics: Diagnostic[];
  readonly options: ScriptParserOptions;
  private readonly tokens: Token[];
  private position = 0;
  /** Open brackets: inside them newlines are skipped. */
  private bracketDepth = 0;
  private nesting = 0;
  private readonly reserved: ReadonlySet<string>;
  private previousToken: Token | undefined;
  /** Words that end any expression here (the `end` of `fn (x) … end`). */
  private readonly stopWords: string[] = [];

  constructor(source: string, options: ScriptParserOptions = {}, origin?: { line: number; column: number }) {
    const lexed = lexScript(source, origin);
    this.tokens = lexed.tokens;
    this.diagnostics = lexed.diagnostics;
    this.options = options;
    this.reserved = new Set(options.reserved ?? []);
  }

  /** True once too many diagnostics were reported: statement loops stop. */
  get gaveUp(): boolean {
    return this.diagnostics.length >= (this.options.maxDiagnostics ?? 50);
  }

  /** The token `offset` ahead (newlines skipped inside brackets). */
  peek(offset = 0): Token {
    let index = this.position;
    let remaining = offset;
    for (;;) {
      const token = this.tokens[index] ?? (this.tokens[this.tokens.length - 1] as Token);
      if (token.kind === 'eof') return token;
      if (token.kind === 'newline' && this.bracketDepth > 0) {
        index++;
        continue;
      }
      if (remaining === 0) return token;
      remaining--;
      index++;
    }
  }

  /** Consumes and returns the next token. */
  next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.position = this.tokens.indexOf(token, this.position) + 1;
    this.previousToken = token;
    return token;
  }

  /** The last consumed token. */
  get previous(): Token | undefined {
    return this.previousToken;
  }

  atEnd(): boolean {
    return this.peek().kind === 'eof';
  }

  /** True at a newline, `;` or the end of input. */
  atLineEnd(): boolean {
    const kind = this.peek().kind;
    return kind === 'newline' || kind === 'eof';
  }

  skipNewlines(): void {
    while (this.peek().kind === 'newline') this.next();
  }

  /** True when the token is the word, compared case-insensitively. */
  isKeyword(word: string, token: Token = this.peek()): boolean {
    return token.kind === 'name' && token.text.toLowerCase() === word;
  }

  matchKeyword(word: string): Token | undefined {
    return this.isKeyword(word) ? this.next() : undefined;
  }

  expectKeyword(word: string): Token {
    const token = this.matchKeyword(word);
    if (!token) this.expected(`"${word}"`);
    return token as Token;
  }

  isPunct(text: string, token: Token = this.peek()): boolean {
    return token.kind === 'punct' && token.text === text;
  }

  matchPunct(text: string): Token | undefined {
    return this.isPunct(text) ? this.next() : undefined;
  }

  expectPunct(text: string): Token {
    const token = this.matchPunct(text);
    if (!token) this.expected(`"${text}"`);
    return token as Token;
  }

  /** Consumes a name that is not a reserved word. */
  expectName(what = 'a name'): Token {
    const token = this.peek();
    if (token.kind !== 'name' || this.isReserved(token)) this.expected(what);
    return this.next();
  }

  /** Requires a newline, `;` or the end of input (consumed when a newline). */
  expectLineEnd(): void {
    if (!this.atLineEnd()) this.expected('the end of the line');
    if (this.peek().kind === 'newline') this.next();
  }

  isReserved(token: Token): boolean {
    return token.kind === 'name' && this.reserved.has(token.text.toLowerCase());
  }

  /**
   * At the start of a statement (the parser standing on `word`): when `word` is a name close
   * to one of `keywords` (by default the reserved words) and the line goes on after it with a
   * name, number or string, reports `unknown statement "fro" (did you mean "for"?)` and
   * returns the keyword (lower case), so the statement layer can parse on as if it had been
   * written right; otherwise returns undefined. `fro x in xs` is meant as a `for`, never as
   * three expressions.
   */
  misspeltKeyword(keywords: Iterable<string> = this.reserved): string | undefined {
    const word = this.peek();
    if (word.kind !== 'name' || this.isReserved(word)) return undefined;
    const after = this.peek(1);
    if (after.kind !== 'name' && after.kind !== 'number' && after.kind !== 'string') return undefined;
    if (after.line !== word.line) return undefined;
    const suggestion = suggestName(word.text, keywords);
    if (suggestion === undefined) return undefined;
    const shown = word.text === word.text.toUpperCase() ? suggestion.toUpperCase() : suggestion;
    this.report('E_PARSE', `unknown statement "${word.text}" (did you mean "${shown}"?)`, spanOfToken(word));
    return suggestion.toLowerCase();
  }

  /** Records "expected X but found Y" at the next token and unwinds the statement. */
  expected(what: string, token: Token = this.peek()): never {
    return this.fail('E_PARSE', `expected ${what} but found ${describeToken(token)}`, spanOfToken(token));
  }

  /** Records a diagnostic and unwinds the statement. */
  fail(code: ScriptErrorCode, message: string, span: Span): never {
    this.report(code, message, span);
    throw new ParseAbort();
  }

  /** Records a diagnostic without unwinding. */
  report(code: ScriptErrorCode, message: string, span: Span): void {
    if (this.gaveUp) return;
    this.diagnostics.push({ code, message, ...span });
  }

  /** After an error: skips past the next line end, leaving any brackets. */
  recover(): void {
    this.bracketDepth = 0;
    this.nesting = 0;
    while (!this.atEnd() && this.peek().kind !== 'newline') this.next();
    if (this.peek().kind === 'newline') this.next();
  }

  recoverTo(words: readonly string[]): boolean {
    this.bracketDepth = 0;
    this.nesting = 0;
    for (;;) {
      const token = this.peek();
      if (token.kind === 'newline' || token.kind === 'eof') return false;
      if (words.some((word) => this.isKeyword(word, token))) return true;
      this.next();
    }
  }

  /** The span from a start token to the last consumed token. */
  spanFrom(start: Token): Span {
    const end = this.previousToken ?? start;
    return { line: start.line, column: start.column, endLine: end.endLine, endColumn: end.endColumn };
  }

  /**
   * Parses statements until the end of input or one of the stop words (not consumed),
   * recovering after each syntax error so several are reported at once.
   */
  parseBlock<S>(
    parseStatement: (parser: ScriptParserContract) => S | undefined,
    stopWords: readonly string[] = [],
  ): S[] {
    const statements: S[] = [];
    for (;;) {
      this.skipNewlines();
      if (this.atEnd() || this.gaveUp) return statements;
      if (stopWords.some((word) => this.isKeyword(word))) return statements;
      try {
        const statement = parseStatement(this);
        if (statement !== undefined) statements.push(statement);
      } catch (error) {
        if (!(error instanceof ParseAbort)) throw error;
        this.recover();
      }
    }
  }

  /** Enters brackets: newlines are insignificant until the matching {@link leaveBracket}. */
  enterBracket(): void {
    this.bracketDepth++;
  }

  leaveBracket(): void {
    this.bracketDepth--;
  }

  /**
   * Runs `parse` with `word` ending every expression inside it (before any infix or adjacent
   * rule sees it), so `fn (x) x * 2 end` never reads `end` as a unit or a name.
   */
  withStopWord<T>(word: string, parse: () => T): T {
    this.stopWords.push(word);
    try {
      return parse();
    } finally {
      this.stopWords.pop();
    }
  }

  /** Parses one expression whose operators bind tighter than `minPrecedence`. */
  parseExpression(minPrecedence = 0): Expression {
    const token = this.peek();
    if (++this.nesting > (this.options.maxNesting ?? 200)) {
      this.nesting = 0;
      this.fail(
        'E_LIMIT_DEPTH',
        `expression nested more than ${this.options.maxNesting ?? 200} levels deep`,
        spanOfToken(token),
      );
    }
    let left = this.parsePrimary();
    for (;;) {
      const next = this.peek();
      if (
        this.stopWords.length > 0 &&
        next.kind === 'name' &&
        this.stopWords.includes(next.text.toLowerCase())
      )
        break;
      const rule = this.infixRule(next);
      if (!rule) {
        const bigger =
          this.options.adjacent && next.kind !== 'eof' && next.kind !== 'newline'
            ? this.options.adjacent(this, left, minPrecedence)
            : undefined;
        if (bigger === undefined) break;
        left = bigger;
        continue;
      }
      if (rule.precedence <= minPrecedence) break;
      this.next();
      left = rule.parse(this, left, next);
    }
    this.nesting--;
    return left;
  }

  /** Parses an embedded `{{ … }}` expression at its real position in the source. */
  parseEmbedded(source: string, origin: { line: number; column: number }): Expression {
    const inner = new ScriptParserImplementation(source, this.options, origin);
    let expression: Expression;
    try {
      expression = inner.parseExpression();
      if (!inner.atEnd()) inner.expected('"}}" after the template expression');
    } catch (error) {
      if (!(error instanceof ParseAbort)) throw error;
      expression = { kind: 'null', span: { ...origin, endLine: origin.line, endColumn: origin.column } };
    }
    for (const diagnostic of inner.diagnostics)
      this.report(diagnostic.code, diagnostic.message, toSpan(diagnostic));
    return expression;
  }

  private parsePrimary(): Expression {
    const token = this.peek();
    const key = token.kind === 'name' ? token.text.toLowerCase() : token.text;
    const custom =
      this.options.prefix && Object.hasOwn(this.options.prefix, key) ? this.options.prefix[key] : undefined;
    if (custom && token.kind !== 'string' && token.kind !== 'number') return custom(this, this.next());
    if (this.isReserved(token)) this.expected('an expression');
    return parsePrefix(this, token);
  }

  private infixRule(token: Token): InfixParselet | undefined {
    if (token.kind !== 'punct' && token.kind !== 'name') return undefined;
    const key = token.kind === 'name' ? token.text.toLowerCase() : token.text;
    const { infix } = this.options;
    if (infix && Object.hasOwn(infix, key)) return infix[key];
    return Object.hasOwn(CORE_INFIX, key) ? CORE_INFIX[key] : undefined;
  }
}

export type { InfixParselet, ParserExtensions, PrefixParselet, ScriptParserOptions };
/** The precedence levels of the shared grammar, for extensions that slot in between. */
export { PRECEDENCE };

function toSpan(diagnostic: Diagnostic): Span {
  return {
    line: diagnostic.line,
    column: diagnostic.column,
    endLine: diagnostic.endLine ?? diagnostic.line,
    endColumn: diagnostic.endColumn ?? diagnostic.column,
  };
}

export { describeToken, joinSpans, spanOfToken };

/**
 * The parser as a value: `new ScriptParser(source, options)` is `createScriptParser` (kept for
 * callers that construct it); as a type, `ScriptParser` is the contract in `expression-parser.ts`.
 */
export const ScriptParser: new (
  source: string,
  options?: ScriptParserOptions,
  origin?: { line: number; column: number },
) => ScriptParserContract = ScriptParserImplementation;
/** The parser's contract (see `expression-parser.ts`). */
export type ScriptParser = ScriptParserContract;
