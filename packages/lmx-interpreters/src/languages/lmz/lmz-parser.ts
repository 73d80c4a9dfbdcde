import type { Expression } from '../../core/ast.js';
import { createScriptParser, type ScriptParser, spanOfToken } from '../../core/script-parser.js';
import type { Token } from '../../core/tokens.js';
import type { Diagnostic, Span } from '../../diagnostics.js';

/** One `lmz` statement. `on` appears only at the top level. */
export type LmzStatement =
  | { kind: 'on'; pattern: string; where?: Expression; body: LmzStatement[]; span: Span }
  | { kind: 'emit'; name: string; payload?: Expression; span: Span }
  | { kind: 'let'; name: string; value: Expression; span: Span }
  | { kind: 'assign'; target: Expression; value: Expression; span: Span }
  | { kind: 'print'; values: Expression[]; span: Span }
  | { kind: 'for'; name: string; items: Expression; body: LmzStatement[]; span: Span }
  | { kind: 'call'; call: Expression; span: Span }
  | { kind: 'if'; condition: Expression; body: LmzStatement[]; otherwise?: LmzStatement[]; span: Span };

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

/** The words that start a statement: one may follow another on the same line. */
const STATEMENT_WORDS = ['emit', 'let', 'print', 'if', 'for'];

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
  const word = start.kind === 'name' ? start.text.toLowerCase() : '';
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
      parser.expectKeyword('end');
      endStatement(parser);
      const span = parser.spanFrom(start);
      return where ? { kind: 'on', pattern, where, body, span } : { kind: 'on', pattern, body, span };
    }
    case 'emit': {
      parser.next();
      const name = parseEventName(parser, false);
      const payload = atStatementEnd(parser) ? undefined : parser.parseExpression();
      endStatement(parser);
      const span = parser.spanFrom(start);
      return payload ? { kind: 'emit', name, payload, span } : { kind: 'emit', name, span };
    }
    case 'let': {
      parser.next();
      const name = parser.expectName('a variable name after "let"');
      parser.expectPunct('=');
      const value = parser.parseExpression();
      endStatement(parser);
      return { kind: 'let', name: name.text, value, span: parser.spanFrom(start) };
    }
    case 'print': {
      parser.next();
      const values = [parser.parseExpression()];
      while (parser.matchPunct(',')) values.push(parser.parseExpression());
      endStatement(parser);
      return { kind: 'print', values, span: parser.spanFrom(start) };
    }
    case 'for': {
      // FOR <name> IN <list> [DO] … END, as in lmn.
      parser.next();
      const name = parser.expectName('a variable name after "for"');
      parser.expectKeyword('in');
      const items = parser.parseExpression();
      parser.matchKeyword('do');
      const body = parseBody(parser, ['end']);
      parser.expectKeyword('end');
      endStatement(parser);
      return { kind: 'for', name: name.text, items, body, span: parser.spanFrom(start) };
    }
    case 'if': {
      parser.next();
      const condition = parser.parseExpression();
      const body = parseBody(parser, ['else', 'end']);
      const otherwise = parser.matchKeyword('else') ? parseBody(parser, ['end']) : undefined;
      parser.expectKeyword('end');
      endStatement(parser);
      const span = parser.spanFrom(start);
      return otherwise
        ? { kind: 'if', condition, body, otherwise, span }
        : { kind: 'if', condition, body, span };
    }
  }
  if (start.kind === 'name' && !parser.isReserved(start)) {
    const target = parser.parseExpression();
    if (parser.matchPunct('=')) {
      const value = parser.parseExpression();
      endStatement(parser);
      return { kind: 'assign', target, value, span: parser.spanFrom(start) };
    }
    // A call on its own is a statement: push(seen, id), notify(event).
    if (target.kind === 'call') {
      endStatement(parser);
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
    STATEMENT_WORDS.some((word) => parser.isKeyword(word))
  );
}

/**
 * A statement ends at a line end (or `;`), right before the `END`/`ELSE` of a one-line rule, or
 * right before the next statement's keyword: `ON x DO LET n = 1 PRINT n END` holds two.
 */
function endStatement(parser: ScriptParser): void {
  if (parser.isKeyword('end') || parser.isKeyword('else')) return;
  if (STATEMENT_WORDS.some((word) => parser.isKeyword(word))) return;
  parser.expectLineEnd();
}
