import type { Expression, TemplateSegment } from './ast.js';
import { joinSpans } from './ast.js';
import { PRECEDENCE } from './expression-infix.js';
import {
  isArrowParameters,
  isFunctionLambda,
  parseArrowBody,
  parseFunctionLambda,
  parseLambdaParameters,
} from './expression-lambda.js';
import type { ScriptParser } from './expression-parser.js';
import { spanOfToken } from './token-span.js';
import type { Token } from './tokens.js';

/**
 * Parses the start of an expression: a literal, a name, `-x`, `not x`, `( … )`, `[ … ]`,
 * `{ … }`, a lambda (`x => x * 2`, `(a, b) => a + b`, `fn (x) x * 2 end`). Reports "expected an expression" for anything else.
 *
 * @example
 * ```ts
 * parsePrefix(parser, parser.peek());
 * ```
 */
export function parsePrefix(parser: ScriptParser, token: Token): Expression {
  switch (token.kind) {
    case 'number':
      parser.next();
      return { kind: 'number', value: token.value ?? 0, span: spanOfToken(token) };
    case 'string':
      parser.next();
      return parseString(parser, token);
    case 'name':
      parser.next();
      return parseWord(parser, token);
    case 'punct':
      return parsePunctuation(parser, token);
    default:
      return parser.expected('an expression', token);
  }
}

function parseWord(parser: ScriptParser, token: Token): Expression {
  const span = spanOfToken(token);
  switch (token.text.toLowerCase()) {
    case 'true':
      return { kind: 'boolean', value: true, span };
    case 'false':
      return { kind: 'boolean', value: false, span };
    case 'null':
      return { kind: 'null', span };
    case 'fn':
      if (isFunctionLambda(parser)) return parseFunctionLambda(parser, token);
      break;
    case 'not': {
      const operand = parser.parseExpression(PRECEDENCE.not);
      return { kind: 'unary', operator: 'not', operand, span: joinSpans(span, operand.span) };
    }
  }
  if (parser.isPunct('=>') && !parser.isReserved(token)) return parseArrowBody(parser, [token.text], token);
  return { kind: 'name', name: token.text, span };
}

function parsePunctuation(parser: ScriptParser, token: Token): Expression {
  switch (token.text) {
    case '-':
    case '+': {
      parser.next();
      const operand = parser.parseExpression(PRECEDENCE.unary);
      return {
        kind: 'unary',
        operator: token.text,
        operand,
        span: joinSpans(spanOfToken(token), operand.span),
      };
    }
    case '(': {
      if (isArrowParameters(parser)) return parseArrowBody(parser, parseLambdaParameters(parser), token);
      parser.next();
      parser.enterBracket();
      const inner = parser.parseExpression();
      parser.leaveBracket();
      if (!parser.isPunct(')')) parser.expected('")" to close "("');
      parser.next();
      return inner;
    }
    case '[':
      return parseList(parser, token);
    case '{':
      return parseMap(parser, token);
    default:
      return parser.expected('an expression', token);
  }
}

function parseList(parser: ScriptParser, open: Token): Expression {
  parser.next();
  parser.enterBracket();
  const items: Expression[] = [];
  while (!parser.isPunct(']')) {
    items.push(parser.parseExpression());
    if (!parser.matchPunct(',')) break;
  }
  parser.leaveBracket();
  if (!parser.isPunct(']')) parser.expected('"," or "]" in the list');
  parser.next();
  return { kind: 'list', items, span: parser.spanFrom(open) };
}

function parseMap(parser: ScriptParser, open: Token): Expression {
  parser.next();
  parser.enterBracket();
  const entries: { key: string; value: Expression }[] = [];
  while (!parser.isPunct('}')) {
    const keyToken = parser.peek();
    let key: string;
    if (keyToken.kind === 'name') key = keyToken.text;
    else if (keyToken.kind === 'string')
      key = (keyToken.parts ?? []).map((part) => (part.kind === 'text' ? part.text : '')).join('');
    else if (keyToken.kind === 'number') key = keyToken.text;
    else return parser.expected('a key (a name or a string) in the map');
    parser.next();
    parser.expectPunct(':');
    entries.push({ key, value: parser.parseExpression() });
    if (!parser.matchPunct(',')) break;
  }
  parser.leaveBracket();
  if (!parser.isPunct('}')) parser.expected('"," or "}" in the map');
  parser.next();
  return { kind: 'map', entries, span: parser.spanFrom(open) };
}

function parseString(parser: ScriptParser, token: Token): Expression {
  const parts = token.parts ?? [];
  const span = spanOfToken(token);
  if (parts.every((part) => part.kind === 'text')) {
    return {
      kind: 'string',
      value: parts.map((part) => (part.kind === 'text' ? part.text : '')).join(''),
      span,
    };
  }
  const segments: TemplateSegment[] = parts.map((part) =>
    part.kind === 'text'
      ? { kind: 'text', text: part.text }
      : { kind: 'expression', expression: parser.parseEmbedded(part.source, part) },
  );
  return { kind: 'template', segments, span };
}
