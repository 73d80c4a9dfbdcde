import type { Span } from '../diagnostics.js';

/** A binary operator of the shared expression core. */
export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '^' | '==' | '!=' | '<' | '<=' | '>' | '>=';

/** One piece of a compiled string template. */
export type TemplateSegment = { kind: 'text'; text: string } | { kind: 'expression'; expression: Expression };

/**
 * The expression tree every language shares. Languages that need more syntax (units,
 * percentages, conversions) add `extension` nodes through parser extensions and compile
 * them themselves.
 */
export type Expression =
  | { kind: 'number'; value: number; span: Span }
  | { kind: 'string'; value: string; span: Span }
  | { kind: 'template'; segments: TemplateSegment[]; span: Span }
  | { kind: 'boolean'; value: boolean; span: Span }
  | { kind: 'null'; span: Span }
  | { kind: 'name'; name: string; span: Span }
  | { kind: 'list'; items: Expression[]; span: Span }
  | { kind: 'map'; entries: { key: string; value: Expression }[]; span: Span }
  | { kind: 'unary'; operator: '-' | '+' | 'not'; operand: Expression; span: Span }
  | { kind: 'binary'; operator: BinaryOperator; left: Expression; right: Expression; span: Span }
  | { kind: 'logical'; operator: 'and' | 'or'; left: Expression; right: Expression; span: Span }
  | { kind: 'member'; object: Expression; name: string; optional?: boolean; span: Span }
  | { kind: 'index'; object: Expression; index: Expression; span: Span }
  | { kind: 'call'; callee: Expression; args: Expression[]; span: Span }
  | { kind: 'lambda'; params: string[]; body: Expression; span: Span }
  | { kind: 'extension'; name: string; children: Expression[]; data?: unknown; span: Span };

/** The kinds of {@link Expression}. */
export type ExpressionKind = Expression['kind'];

/**
 * The span covering two spans.
 *
 * @example
 * ```ts
 * joinSpans(left.span, right.span);
 * ```
 */
export function joinSpans(first: Span, last: Span): Span {
  return { line: first.line, column: first.column, endLine: last.endLine, endColumn: last.endColumn };
}
