import type { Expression } from '../../core/ast.js';
import { createScriptParser, type ScriptParser, spanOfToken } from '../../core/script-parser.js';
import type { Token } from '../../core/tokens.js';
import type { Diagnostic, Span } from '../../diagnostics.js';
import {
  endLineStatement,
  type IfStatement,
  type LetStatement,
  LINE_STATEMENT_WORDS,
  type PrintStatement,
  parseIfStatement,
  parseLetStatement,
  parsePrintStatement,
} from '../shared/line-statements.js';

/** One `lmz` statement. `on` appears only at the top level. */
export type LmzStatement =
  | { kind: 'on'; pattern: string; where?: Expression; body: LmzStatement[]; span: Span }
  | { kind: 'emit'; name: string; payload?: Expression; span: Span }
  | LetStatement
  | { kind: 'assign'; target: Expression; value: Expression; span: Span }
  | PrintStatement
  | { kind: 'for'; name: string; items: Expression; body: LmzStatement[]; span: Span }
  | { kind: 'call'; call: Expression; span: Span }
  | IfStatement<LmzStatement>;

/** The statement keywords of `lmz` (case-insensitive). */
export const LMZ_KEYWORDS: readonly string[] = [
  'on',
  'where',
  'do',
  'end',
  'emit',
  'let',
  'print',
  'if',
  'else',
  'for',
  'in',
];

/** The keywords that start an `lmz` statement (what a misspelt first word is compared with). */
const LMZ_STATEMENT_WORDS = ['on', 'emit', 'let', 'print', 'if', 'for'];

/**
 * Parses an `lmz` script, reporting every syntax error it can recover from.
 *
 * @example
 * parseRules('ON order.paid WHERE amount > 100 DO EMIT vip.notice {id: event.id} END').diagnostics; // []
 */
export function parseRules(source: string): { statements: LmzStatement[]; diagnostics: Diagnostic[] } {
  const parser = createScriptParser(source, { reserved: LMZ_KEYWORDS });
  const statements = parser.parseBlock((current) => parseStatement(current, true));
  if (!parser.gaveUp && !parser.atEnd()) {
    const stray = parser.peek();
    parser.report(
      'E_PARSE',
      `expected a statement but found ${JSON.stringify(stray.text)}`,
      spanOfToken(stray),
    );
  }
  return { statements, diagnostics: parser.diagnostics };
}

function parseStatement(parser: ScriptParser, topLevel: boolean): LmzStatement {
  const start = parser.peek();
  const word =
    start.kind === 'name' ? (parser.misspeltKeyword(LMZ_STATEMENT_WORDS) ?? start.text.toLowerCase()) : '';
  switch (word) {
    case 'on': {
      if (!topLevel)
        parser.fail(
          'E_PARSE',
          'ON rules are declared at the top level, not inside another rule',
          spanOfToken(start),
        );
      parser.next();
      const pattern = parseEventName(parser, true);
      const where = parser.matchKeyword('where') ? parser.parseExpression() : undefined;
      parser.expectKeyword('do');
      const body = parseBody(parser, ['end']);
      if (!parser.matchKeyword('end'))
        parser.expected(`"end" to close "${start.text}" from line ${start.line}`);
      endLineStatement(parser);
      const span = parser.spanFrom(start);
      return where ? { kind: 'on', pattern, where, body, span } : { kind: 'on', pattern, body, span };
    }
    case 'emit': {
      parser.next();
      const name = parseEventName(parser, false);
      const payload = atStatementEnd(parser) ? undefined : parser.parseExpression();
      endLineStatement(parser);
      const span = parser.spanFrom(start);
      return payload ? { kind: 'emit', name, payload, span } : { kind: 'emit', name, span };
    }
    case 'let':
      return parseLetStatement(parser, start);
    case 'print':
      return parsePrintStatement(parser, start);
    case 'if':
      return parseIfStatement(parser, start, (stopWords) => parseBody(parser, stopWords));
    case 'for': {
      // FOR <name> IN <list> [DO] … END, as in lmn.
      parser.next();
      const name = parser.expectName('a variable name after "for"');
      parser.expectKeyword('in');
      const items = parser.parseExpression();
      parser.matchKeyword('do');
      const body = parseBody(parser, ['end']);
      if (!parser.matchKeyword('end'))
        parser.expected(`"end" to close "${start.text}" from line ${start.line}`);
      endLineStatement(parser);
      return { kind: 'for', name: name.text, items, body, span: parser.spanFrom(start) };
    }
  }
  if (start.kind === 'name' && !parser.isReserved(start)) {
    const target = parser.parseExpression();
    if (parser.matchPunct('=')) {
      const value = parser.parseExpression();
      endLineStatement(parser);
      return { kind: 'assign', target, value, span: parser.spanFrom(start) };
    }
    // A call on its own is a statement: push(seen, id), notify(event).
    if (target.kind === 'call') {
      endLineStatement(parser);
      return { kind: 'call', call: target, span: parser.spanFrom(start) };
    }
  }
  return parser.expected('ON, EMIT, LET, PRINT, IF, FOR, an assignment or a call', start);
}

function parseBody(parser: ScriptParser, stopWords: readonly string[]): LmzStatement[] {
  return parser.parseBlock((current) => parseStatement(current, false), stopWords);
}

/** An event name `order.paid` (words joined by dots, no spaces); a pattern may use `*` words. */
function parseEventName(parser: ScriptParser, pattern: boolean): string {
  const words: string[] = [readWord(parser, pattern)];
  while (parser.isPunct('.') && !parser.peek().spaceBefore) {
    parser.next();
    if (parser.peek().spaceBefore) parser.expected('a word right after "."');
    words.push(readWord(parser, pattern));
  }
  return words.join('.');
}

function readWord(parser: ScriptParser, pattern: boolean): string {
  const token: Token = parser.peek();
  if (token.kind === 'name' && !parser.isReserved(token)) return parser.next().text;
  if (pattern && parser.isPunct('*', token)) return parser.next().text;
  return parser.expected(
    pattern ? 'an event name or pattern (order.paid, order.*)' : 'an event name (order.paid)',
    token,
  );
}

function atStatementEnd(parser: ScriptParser): boolean {
  return (
    parser.atLineEnd() ||
    parser.isKeyword('end') ||
    parser.isKeyword('else') ||
    LINE_STATEMENT_WORDS.some((word) => parser.isKeyword(word))
  );
}
