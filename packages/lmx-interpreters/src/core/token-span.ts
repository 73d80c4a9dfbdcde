import type { Span } from '../diagnostics.js';
import type { Token } from './tokens.js';

/**
 * The span of one token.
 *
 * @example
 * ```ts
 * spanOfToken(parser.peek()); // { line: 1, column: 5, endLine: 1, endColumn: 8 }
 * ```
 */
export function spanOfToken(token: Token): Span {
  return { line: token.line, column: token.column, endLine: token.endLine, endColumn: token.endColumn };
}

/**
 * Describes a token for "expected … but found …" messages.
 *
 * @example
 * ```ts
 * describeToken(token); // 'end of input', 'end of line', 'name "foo"', '"+"'
 * ```
 */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'end of input';
    case 'newline':
      return token.text === ';' ? '";"' : 'end of line';
    case 'number':
      return `number ${token.text}`;
    case 'string':
      return `string ${token.text.length > 30 ? `${token.text.slice(0, 27)}...` : token.text}`;
    case 'name':
      return `name "${token.text}"`;
    case 'punct':
      return `"${token.text}"`;
  }
}
