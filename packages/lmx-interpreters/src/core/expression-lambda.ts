import type { Expression } from './ast.js';
import type { ScriptParser } from './expression-parser.js';
import { spanOfToken } from './token-span.js';
import type { Token } from './tokens.js';

/**
 * Tells whether the parser stands at `(a, b) =>` (or `() =>`): a parenthesised parameter
 * list followed by an arrow, so `(` starts a lambda rather than a grouping.
 *
 * @example
 * ```ts
 * if (parser.isPunct('(') && isArrowParameters(parser)) return parseArrowLambda(parser, parser.peek());
 * ```
 */
export function isArrowParameters(parser: ScriptParser): boolean {
  return (
    parameterListEnd(parser) !== undefined && parser.isPunct('=>', parser.peek(parameterListEnd(parser)))
  );
}

/** The offset just past the `)` of a parameter list at the parser's `(`, if it is one. */
function parameterListEnd(parser: ScriptParser): number | undefined {
  if (!parser.isPunct('(')) return undefined;
  let offset = 1;
  if (parser.isPunct(')', parser.peek(offset))) return offset + 1;
  for (;;) {
    const name = parser.peek(offset);
    if (name.kind !== 'name' || parser.isReserved(name)) return undefined;
    const after = parser.peek(offset + 1);
    if (parser.isPunct(')', after)) return offset + 2;
    if (!parser.isPunct(',', after)) return undefined;
    offset += 2;
  }
}

/**
 * Tells whether `fn` at the parser's position starts an anonymous function `fn (x) … end`
 * (rather than naming something called `fn`).
 *
 * @example
 * ```ts
 * isFunctionLambda(parser); // true at `fn (x) x * 2 end`
 * ```
 */
export function isFunctionLambda(parser: ScriptParser): boolean {
  return parameterListEnd(parser) !== undefined;
}

/**
 * Parses the parameter list `(a, b)` of a lambda; reports a parameter named twice.
 *
 * @example
 * ```ts
 * const params = parseLambdaParameters(parser); // ['a', 'b']
 * ```
 */
export function parseLambdaParameters(parser: ScriptParser): string[] {
  parser.expectPunct('(');
  parser.enterBracket();
  const params: string[] = [];
  while (!parser.isPunct(')')) {
    const param = parser.expectName('a parameter name');
    if (params.includes(param.text))
      parser.fail('E_PARSE', `parameter "${param.text}" is listed twice`, spanOfToken(param));
    params.push(param.text);
    if (!parser.matchPunct(',')) break;
  }
  parser.leaveBracket();
  if (!parser.isPunct(')')) parser.expected('"," or ")" in the parameter list');
  parser.next();
  return params;
}

/**
 * Parses the body of `x => body` or `(a, b) => body` after the arrow. The body is one
 * expression; it ends where the enclosing expression would (a `,`, a `)`, the line end).
 *
 * @example
 * ```ts
 * parseArrowBody(parser, ['x'], start); // { kind: 'lambda', params: ['x'], body, span }
 * ```
 */
export function parseArrowBody(parser: ScriptParser, params: string[], start: Token): Expression {
  parser.expectPunct('=>');
  const body = parser.parseExpression();
  return { kind: 'lambda', params, body, span: parser.spanFrom(start) };
}

/**
 * Parses `fn (a, b) expression end` after the `fn` word: the shared-core form of a lambda
 * for languages without statements (lmx's own `fn` takes statements).
 *
 * @example
 * ```ts
 * parseFunctionLambda(parser, fnToken); // fn (x) x * 2 end
 * ```
 */
export function parseFunctionLambda(parser: ScriptParser, start: Token): Expression {
  const params = parseLambdaParameters(parser);
  const body = parser.withStopWord('end', () => {
    parser.skipNewlines();
    const inner = parser.parseExpression();
    parser.skipNewlines();
    return inner;
  });
  if (!parser.matchKeyword('end')) parser.expected(`"end" to close "${start.text}" from line ${start.line}`);
  return { kind: 'lambda', params, body, span: parser.spanFrom(start) };
}
