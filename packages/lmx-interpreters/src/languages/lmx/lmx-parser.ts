import type { Expression } from '../../core/ast.js';
import { createScriptParser, type ScriptParser, spanOfToken } from '../../core/script-parser.js';
import type { Token } from '../../core/tokens.js';
import type { Diagnostic } from '../../diagnostics.js';
import { LMX_KEYWORDS, type LmxLambda, type LmxStatement } from './lmx-ast.js';

/** The keywords that start an lmx statement (what a misspelt first word is compared with). */
const LMX_STATEMENT_WORDS = [
  'let',
  'if',
  'while',
  'for',
  'fn',
  'return',
  'break',
  'continue',
  'print',
  'try',
];

/**
 * Extra statements a language built on lmx adds (the host modes' `RUN`, `TYPE`, `GET`…): their
 * keywords, reserved like lmx's own, and a parser tried before lmx's statements everywhere,
 * nested blocks included. It returns undefined when the statement is not one of its own.
 */
export interface LmxStatementExtension {
  keywords: readonly string[];
  /** Statement words that stay names inside expressions (verbs whose builtins are callable), for "did you mean". */
  statementWords?: readonly string[];
  parse(
    parser: ScriptParser,
    parseStatement: (parser: ScriptParser) => LmxStatement,
  ): LmxStatement | undefined;
}

/**
 * Parses lmx source into statements, reporting every syntax error it can recover from.
 *
 * @example
 * ```ts
 * const { statements, diagnostics } = parseLmx('let x = 1\nprint x');
 * ```
 */
export function parseLmx(
  source: string,
  extension?: LmxStatementExtension,
): { statements: LmxStatement[]; diagnostics: Diagnostic[] } {
  const parser = createScriptParser(source, {
    reserved: [...LMX_KEYWORDS.filter((word) => word !== 'fn'), ...(extension?.keywords ?? [])],
    prefix: { fn: (inner, start) => parseLambda(inner, start, parseStatement) },
  });
  const parseStatement = (inner: ScriptParser): LmxStatement =>
    extension?.parse(inner, parseStatement) ?? parseLmxStatementWith(inner, parseStatement, statementWords);
  // A misspelt verb of an extension (`CLIKC 10 20`) gets a did-you-mean like lmx's own words.
  const statementWords = [
    ...LMX_STATEMENT_WORDS,
    ...(extension?.keywords ?? []),
    ...(extension?.statementWords ?? []),
  ];
  const statements = parser.parseBlock(parseStatement);
  const stray = parser.peek();
  if (!parser.gaveUp && !parser.atEnd())
    parser.report('E_PARSE', `expected a statement but found "${stray.text}"`, spanOfToken(stray));
  return { statements, diagnostics: parser.diagnostics };
}

/**
 * Parses one lmx statement at the parser's position (for languages that embed lmx blocks).
 *
 * @example
 * ```ts
 * parser.parseBlock(parseLmxStatement, ['end']);
 * ```
 */
export function parseLmxStatement(parser: ScriptParser): LmxStatement {
  return parseLmxStatementWith(parser, parseLmxStatement);
}

/** One lmx statement; nested blocks are parsed with `parseStatement` (lmx's own or an extended one). */
function parseLmxStatementWith(
  parser: ScriptParser,
  parseStatement: (parser: ScriptParser) => LmxStatement,
  statementWords: readonly string[] = LMX_STATEMENT_WORDS,
): LmxStatement {
  const start = parser.peek();
  const word =
    start.kind === 'name' ? (parser.misspeltKeyword(statementWords) ?? start.text.toLowerCase()) : '';
  switch (word) {
    case 'let': {
      parser.next();
      const name = parser.expectName('a variable name after "let"');
      parser.expectPunct('=');
      const value = parser.parseExpression();
      return { kind: 'let', name: name.text, value, span: parser.spanFrom(start) };
    }
    case 'if':
      return parseIf(parser, start, parseStatement);
    case 'while': {
      parser.next();
      const condition = parser.parseExpression();
      const body = parseBody(parser, start, parseStatement);
      return { kind: 'while', condition, body, span: parser.spanFrom(start) };
    }
    case 'for': {
      parser.next();
      const name = parser.expectName('a loop variable after "for"');
      parser.expectKeyword('in');
      const iterable = parser.parseExpression();
      const body = parseBody(parser, start, parseStatement);
      return { kind: 'for', name: name.text, iterable, body, span: parser.spanFrom(start) };
    }
    case 'fn':
      if (parser.peek(1).kind === 'name') return parseFunction(parser, start, parseStatement);
      break;
    case 'return': {
      parser.next();
      const value = parser.atLineEnd() || parser.isKeyword('end') ? undefined : parser.parseExpression();
      return value
        ? { kind: 'return', value, span: parser.spanFrom(start) }
        : { kind: 'return', span: parser.spanFrom(start) };
    }
    case 'break':
    case 'continue':
      parser.next();
      return { kind: word, span: spanOfToken(start) };
    case 'print': {
      parser.next();
      const values = [parser.parseExpression()];
      while (parser.matchPunct(',')) values.push(parser.parseExpression());
      return { kind: 'print', values, span: parser.spanFrom(start) };
    }
    case 'try':
      return parseTry(parser, start, parseStatement);
    case 'else':
    case 'elif':
    case 'end':
    case 'in':
    case 'catch':
      parser.expected('a statement', start);
  }
  const expression = parser.parseExpression();
  if (parser.matchPunct('=')) {
    const value = parser.parseExpression();
    return { kind: 'assign', target: expression, value, span: parser.spanFrom(start) };
  }
  return { kind: 'expression', expression, span: parser.spanFrom(start) };
}

type ParseStatement = (parser: ScriptParser) => LmxStatement;

function parseIf(parser: ScriptParser, start: Token, parseStatement: ParseStatement): LmxStatement {
  parser.next();
  const branches: { condition: Expression; body: LmxStatement[] }[] = [];
  let otherwise: LmxStatement[] | undefined;
  let condition = parser.parseExpression();
  for (;;) {
    const body = parser.parseBlock(parseStatement, ['elif', 'else', 'end']);
    branches.push({ condition, body });
    if (parser.matchKeyword('elif')) {
      condition = parser.parseExpression();
      continue;
    }
    if (parser.matchKeyword('else')) {
      if (parser.matchKeyword('if')) {
        condition = parser.parseExpression();
        continue;
      }
      otherwise = parser.parseBlock(parseStatement, ['end']);
    }
    break;
  }
  expectEnd(parser, start);
  const span = parser.spanFrom(start);
  return otherwise ? { kind: 'if', branches, otherwise, span } : { kind: 'if', branches, span };
}

function parseTry(parser: ScriptParser, start: Token, parseStatement: ParseStatement): LmxStatement {
  parser.next();
  const body = parser.parseBlock(parseStatement, ['catch', 'end']);
  const catcher = parser.matchKeyword('catch');
  if (!catcher) parser.expected(`"catch" in "try" from line ${start.line}`);
  const after = parser.peek();
  const name =
    after.kind === 'name' && after.line === catcher.line && !parser.isReserved(after)
      ? parser.next().text
      : undefined;
  const handler = parser.parseBlock(parseStatement, ['end']);
  expectEnd(parser, start);
  const span = parser.spanFrom(start);
  return name === undefined
    ? { kind: 'try', body, handler, span }
    : { kind: 'try', body, name, handler, span };
}

function parseFunction(parser: ScriptParser, start: Token, parseStatement: ParseStatement): LmxStatement {
  parser.next();
  const name = parser.expectName('a function name after "fn"');
  const params = parseParams(parser);
  const body = parseBody(parser, start, parseStatement);
  return { kind: 'fn', name: name.text, params, body, span: parser.spanFrom(start) };
}

function parseLambda(parser: ScriptParser, start: Token, parseStatement: ParseStatement): Expression {
  const params = parseParams(parser);
  const body = parseBody(parser, start, parseStatement);
  const data: LmxLambda = { params, body };
  return { kind: 'extension', name: 'lambda', children: [], data, span: parser.spanFrom(start) };
}

function parseParams(parser: ScriptParser): string[] {
  parser.expectPunct('(');
  const params: string[] = [];
  while (!parser.isPunct(')')) {
    const param = parser.expectName('a parameter name');
    if (params.includes(param.text))
      parser.fail('E_PARSE', `parameter "${param.text}" is listed twice`, spanOfToken(param));
    params.push(param.text);
    if (!parser.matchPunct(',')) break;
  }
  if (!parser.isPunct(')')) parser.expected('"," or ")" in the parameter list');
  parser.next();
  return params;
}

function parseBody(parser: ScriptParser, start: Token, parseStatement: ParseStatement): LmxStatement[] {
  const body = parser.parseBlock(parseStatement, ['end']);
  expectEnd(parser, start);
  return body;
}

/**
 * Blocks whose `end` stood left of their opening keyword on a later line: that `end` most
 * likely belonged to an enclosing block, so a block left without one is blamed on them.
 */
const misplacedEnds = new WeakMap<ScriptParser, { opener: Token; end: Token }[]>();

function expectEnd(parser: ScriptParser, start: Token): void {
  const end = parser.matchKeyword('end');
  if (end) {
    if (end.line > start.line && end.column < start.column) {
      const list = misplacedEnds.get(parser) ?? [];
      list.push({ opener: start, end });
      misplacedEnds.set(parser, list);
    }
    return;
  }
  const suspect = misplacedEnds
    .get(parser)
    ?.find((entry) => entry.opener.line > start.line && entry.end.column <= start.column);
  if (suspect) {
    const { opener, end: used } = suspect;
    parser.fail(
      'E_PARSE',
      `"${opener.text}" from line ${opener.line} has no "end" (the "end" on line ${used.line} lines up with "${start.text}" from line ${start.line})`,
      spanOfToken(opener),
    );
  }
  parser.expected(`"end" to close "${start.text}" from line ${start.line}`);
}
