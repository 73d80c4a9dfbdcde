import type { Diagnostic } from '../diagnostics.js';
import { MULTI_PUNCTUATION, SINGLE_PUNCTUATION, type TemplatePart, type Token } from './tokens.js';

/** Where lexing starts: used to lex a template's embedded expression at its real position. */
export interface LexOrigin {
  line: number;
  column: number;
}

/** Tokens (always ending with `eof`) and the lexical problems found. */
export interface LexResult {
  tokens: Token[];
  diagnostics: Diagnostic[];
}

const NAME_START = /[\p{L}_]/u;
const NAME_PART = /[\p{L}\p{N}_]/u;
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '{': '{',
  '}': '}',
};

/**
 * Splits script text into tokens. Never throws: unknown characters and unterminated strings
 * become diagnostics and lexing goes on. `#` and `//` start a comment to the end of the line;
 * a newline or `;` ends a statement and is a `newline` token.
 *
 * @example
 * ```ts
 * const { tokens } = lexScript('let x = 1 + 2');
 * tokens.map((token) => token.text); // ['let', 'x', '=', '1', '+', '2', '']
 * ```
 */
export function lexScript(source: string, origin: LexOrigin = { line: 1, column: 1 }): LexResult {
  const lexer = new Lexer(source, origin);
  lexer.run();
  return { tokens: lexer.tokens, diagnostics: lexer.diagnostics };
}

class Lexer {
  readonly tokens: Token[] = [];
  readonly diagnostics: Diagnostic[] = [];
  private index = 0;
  private line: number;
  private column: number;
  private spaceBefore = false;

  constructor(
    private readonly source: string,
    origin: LexOrigin,
  ) {
    this.line = origin.line;
    this.column = origin.column;
  }

  run(): void {
    const { source } = this;
    while (this.index < source.length) {
      const char = source[this.index] as string;
      if (char === ' ' || char === '\t' || char === '\r' || char === '\uFEFF') {
        this.advance(1);
        this.spaceBefore = true;
      } else if (char === '\n' || char === ';') {
        this.pushNewline(char);
      } else if (char === '#' || (char === '/' && source[this.index + 1] === '/')) {
        while (this.index < source.length && source[this.index] !== '\n') this.advance(1);
        this.spaceBefore = true;
      } else if (isDigit(char) || (char === '.' && isDigit(source[this.index + 1]))) {
        this.lexNumber();
      } else if (char === '"' || char === "'") {
        this.lexString(char);
      } else if (NAME_START.test(char)) {
        this.lexName();
      } else {
        this.lexPunctuation(char);
      }
    }
    this.push('eof', '', this.index, this.line, this.column);
  }

  private pushNewline(char: string): void {
    const previous = this.tokens[this.tokens.length - 1];
    const start = this.index;
    const line = this.line;
    const column = this.column;
    this.advance(1);
    // Consecutive separators collapse into one token: statement layers see one boundary.
    if (previous?.kind === 'newline') {
      this.spaceBefore = true;
      return;
    }
    this.push('newline', char, start, line, column);
  }

  private lexNumber(): void {
    const { source } = this;
    const start = this.index;
    const line = this.line;
    const column = this.column;
    let end = start;
    while (end < source.length && (isDigit(source[end]) || (source[end] === '_' && isDigit(source[end + 1]))))
      end++;
    if (source[end] === '.' && isDigit(source[end + 1])) {
      end++;
      while (end < source.length && isDigit(source[end])) end++;
    }
    if ((source[end] === 'e' || source[end] === 'E') && isExponent(source, end + 1)) {
      end += source[end + 1] === '+' || source[end + 1] === '-' ? 2 : 1;
      while (end < source.length && isDigit(source[end])) end++;
    }
    const text = source.slice(start, end);
    this.advance(end - start);
    const token = this.push('number', text, start, line, column);
    token.value = Number(text.replaceAll('_', ''));
    // A literal past the largest double (1e999) would be Infinity: numbers are always finite.
    if (!Number.isFinite(token.value)) {
      token.value = 0;
      this.diagnostics.push({
        code: 'E_PARSE',
        message: `number out of range: ${text.length > 40 ? `${text.slice(0, 40)}…` : text} (numbers are finite, at most about 1.8e308)`,
        line,
        column,
        endLine: line,
        endColumn: column + (end - start),
      });
    }
  }

  private lexName(): void {
    const { source } = this;
    const start = this.index;
    const line = this.line;
    const column = this.column;
    let end = start + 1;
    while (end < source.length && NAME_PART.test(source[end] as string)) end++;
    this.advance(end - start);
    this.push('name', source.slice(start, end), start, line, column);
  }

  private lexPunctuation(char: string): void {
    const start = this.index;
    const line = this.line;
    const column = this.column;
    const pair = this.source.slice(start, start + 2);
    const text = MULTI_PUNCTUATION.includes(pair) ? pair : SINGLE_PUNCTUATION.has(char) ? char : undefined;
    if (text === undefined) {
      const shown = this.source.codePointAt(start) ?? 0;
      const width = shown > 0xffff ? 2 : 1;
      this.diagnostics.push({
        code: 'E_PARSE',
        message: `unexpected character ${JSON.stringify(String.fromCodePoint(shown))}`,
        line,
        column,
        endLine: line,
        endColumn: column + width,
      });
      this.advance(width);
      this.spaceBefore = true;
      return;
    }
    this.advance(text.length);
    this.push('punct', text, start, line, column);
  }

  private lexString(quote: string): void {
    const { source } = this;
    const start = this.index;
    const line = this.line;
    const column = this.column;
    const parts: TemplatePart[] = [];
    let text = '';
    // `"""…"""` (or `'''…'''`) spans lines; a line break right after the opening quotes is dropped.
    const triple = source.startsWith(quote.repeat(3), this.index);
    this.advance(triple ? 3 : 1);
    if (triple && source[this.index] === '\n') this.advance(1);
    else if (triple && source.startsWith('\r\n', this.index)) this.advance(2);
    let closed = false;
    while (this.index < source.length) {
      const char = source[this.index] as string;
      if (char === quote && (!triple || source.startsWith(quote.repeat(3), this.index))) {
        this.advance(triple ? 3 : 1);
        closed = true;
        break;
      }
      if (char === '\n' && !triple) break;
      if (char === '\r' && triple && source[this.index + 1] === '\n') {
        this.advance(1);
        continue;
      }
      if (char === '\\') {
        text += this.readEscape();
        continue;
      }
      if (char === '{' && source[this.index + 1] === '{') {
        if (text) parts.push({ kind: 'text', text });
        text = '';
        const part = this.readTemplateExpression(triple ? '' : quote);
        if (!part) break;
        parts.push(part);
        continue;
      }
      text += char;
      this.advance(1);
    }
    if (text || parts.length === 0) parts.push({ kind: 'text', text });
    if (!closed) {
      this.diagnostics.push({
        code: 'E_PARSE',
        message: triple
          ? `expected ${quote.repeat(3)} to close the string from line ${line} but found end of input`
          : `expected ${quote} to close the string but found end of line`,
        line,
        column,
        endLine: this.line,
        endColumn: this.column,
      });
    }
    const token = this.push('string', source.slice(start, this.index), start, line, column);
    token.parts = parts;
  }

  private readEscape(): string {
    const { source } = this;
    const next = source[this.index + 1];
    if (next !== undefined && Object.hasOwn(ESCAPES, next)) {
      this.advance(2);
      return ESCAPES[next] as string;
    }
    if (next === 'u') {
      const braced = /^u\{([0-9a-fA-F]{1,6})\}/.exec(source.slice(this.index + 1, this.index + 10));
      const plain = /^u([0-9a-fA-F]{4})/.exec(source.slice(this.index + 1, this.index + 6));
      const match = braced ?? plain;
      const code = match ? Number.parseInt(match[1] as string, 16) : Number.NaN;
      if (match && code <= 0x10ffff) {
        this.advance(1 + match[0].length);
        return String.fromCodePoint(code);
      }
    }
    this.diagnostics.push({
      code: 'E_PARSE',
      message: `expected an escape (\\n, \\t, \\r, \\0, \\", \\', \\\\, \\{, \\}, \\uXXXX, \\u{X}) but found ${JSON.stringify(`\\${next ?? ''}`)}`,
      line: this.line,
      column: this.column,
      endLine: this.line,
      endColumn: this.column + 2,
    });
    this.advance(next === undefined || next === '\n' ? 1 : 2);
    return '';
  }

  /**
   * Reads `{{ … }}` and returns the embedded source; strings inside it may hold `}}`. `quote`
   * is the enclosing string's quote, which ends the string even inside `{{ … }}` (empty for a
   * triple-quoted string, where both quotes may be used inside).
   */
  private readTemplateExpression(quote: string): TemplatePart | undefined {
    const { source } = this;
    const line = this.line;
    const column = this.column;
    this.advance(2);
    const exprLine = this.line;
    const exprColumn = this.column;
    const start = this.index;
    let inner: string | undefined;
    while (this.index < source.length) {
      const char = source[this.index] as string;
      if (char === '\n') break;
      if (inner !== undefined) {
        if (char === '\\') this.advance(1);
        else if (char === inner) inner = undefined;
      } else if (char === '}' && source[this.index + 1] === '}') {
        const part = source.slice(start, this.index);
        this.advance(2);
        return { kind: 'expression', source: part, line: exprLine, column: exprColumn };
      } else if (char === '"' || char === "'") {
        if (char === quote) break;
        inner = char;
      }
      this.advance(1);
    }
    this.diagnostics.push({
      code: 'E_PARSE',
      message: 'expected "}}" to close the template expression but found end of string',
      line,
      column,
      endLine: this.line,
      endColumn: this.column,
    });
    return undefined;
  }

  private push(kind: Token['kind'], text: string, start: number, line: number, column: number): Token {
    const token: Token = {
      kind,
      text,
      line,
      column,
      endLine: this.line,
      endColumn: this.column,
      start,
      end: this.index,
      spaceBefore: this.spaceBefore,
    };
    this.spaceBefore = false;
    this.tokens.push(token);
    return token;
  }

  private advance(count: number): void {
    for (let step = 0; step < count; step++) {
      if (this.source[this.index] === '\n') {
        this.line++;
        this.column = 1;
      } else {
        this.column++;
      }
      this.index++;
    }
  }
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

function isExponent(source: string, index: number): boolean {
  const char = source[index];
  if (char === '+' || char === '-') return isDigit(source[index + 1]);
  return isDigit(char);
}
