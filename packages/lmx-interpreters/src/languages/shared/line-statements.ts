import type { Expression } from '../../core/ast.js';
import type { ScriptParser } from '../../core/expression-parser.js';
import type { Token } from '../../core/tokens.js';
import type { Span } from '../../diagnostics.js';

// The statements the line-oriented languages (lmn notifications, lmz events) share: `LET`,
// `PRINT` and `IF … [ELSE …] END`, each ending at a line end or right before the `END`/`ELSE`
// of a one-line block.

/** `LET name = expression`. */
export interface LetStatement {
  kind: 'let';
  name: string;
  value: Expression;
  span: Span;
}

/** `PRINT a, b, …`. */
export interface PrintStatement {
  kind: 'print';
  values: Expression[];
  span: Span;
}

/** `IF condition … [ELSE …] END`, over a language's own statements `S`. */
export interface IfStatement<S> {
  kind: 'if';
  condition: Expression;
  body: S[];
  otherwise?: S[];
  span: Span;
}

/**
 * Parses `LET name = expression` from its `LET` token (not yet consumed).
 *
 * @example
 * ```ts
 * if (word === 'let') return parseLetStatement(parser, start);
 * ```
 */
export function parseLetStatement(parser: ScriptParser, start: Token): LetStatement {
  parser.next();
  const name = parser.expectName('a variable name after "let"');
  parser.expectPunct('=');
  const value = parser.parseExpression();
  endLineStatement(parser);
  return { kind: 'let', name: name.text, value, span: parser.spanFrom(start) };
}

/**
 * Parses `PRINT a, b, …` from its `PRINT` token (not yet consumed).
 *
 * @example
 * ```ts
 * if (word === 'print') return parsePrintStatement(parser, start);
 * ```
 */
export function parsePrintStatement(parser: ScriptParser, start: Token): PrintStatement {
  parser.next();
  const values = [parser.parseExpression()];
  while (parser.matchPunct(',')) values.push(parser.parseExpression());
  endLineStatement(parser);
  return { kind: 'print', values, span: parser.spanFrom(start) };
}

/**
 * Parses `IF condition … [ELSE …] END` from its `IF` token (not yet consumed); `parseBody`
 * parses the language's statements up to one of the stop words.
 *
 * @example
 * ```ts
 * parseIfStatement(parser, start, (stopWords) => parser.parseBlock(parseStatement, stopWords));
 * ```
 */
export function parseIfStatement<S>(
  parser: ScriptParser,
  start: Token,
  parseBody: (stopWords: readonly string[]) => S[],
): IfStatement<S> {
  parser.next();
  const condition = parser.parseExpression();
  const body = parseBody(['else', 'end']);
  const otherwise = parser.matchKeyword('else') ? parseBody(['end']) : undefined;
  if (!parser.matchKeyword('end')) parser.expected(`"end" to close "${start.text}" from line ${start.line}`);
  endLineStatement(parser);
  const span = parser.spanFrom(start);
  return otherwise ? { kind: 'if', condition, body, otherwise, span } : { kind: 'if', condition, body, span };
}

/** The keywords that start a statement of the line-oriented languages. */
export const LINE_STATEMENT_WORDS: readonly string[] = ['let', 'print', 'if', 'for', 'emit', 'notify'];

/**
 * Ends a statement: at a line end (or `;`), right before the `END`/`ELSE` of a one-line block,
 * or right before the next statement's keyword, so a one-line rule holds several statements:
 * `ON x DO LET n = 1 PRINT n END`.
 *
 * @example
 * ```ts
 * endLineStatement(parser);
 * ```
 */
export function endLineStatement(parser: ScriptParser): void {
  if (parser.isKeyword('end') || parser.isKeyword('else')) return;
  if (LINE_STATEMENT_WORDS.some((word) => parser.isKeyword(word))) return;
  parser.expectLineEnd();
}
