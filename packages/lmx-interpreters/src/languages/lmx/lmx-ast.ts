import type { Expression } from '../../core/ast.js';
import type { Span } from '../../diagnostics.js';

/** One lmx statement. */
export type LmxStatement =
  | { kind: 'let'; name: string; value: Expression; span: Span }
  | { kind: 'assign'; target: Expression; value: Expression; span: Span }
  | {
      kind: 'if';
      branches: { condition: Expression; body: LmxStatement[] }[];
      otherwise?: LmxStatement[];
      span: Span;
    }
  | { kind: 'while'; condition: Expression; body: LmxStatement[]; span: Span }
  | { kind: 'for'; name: string; iterable: Expression; body: LmxStatement[]; span: Span }
  | { kind: 'fn'; name: string; params: string[]; body: LmxStatement[]; span: Span }
  | { kind: 'return'; value?: Expression; span: Span }
  | { kind: 'break'; span: Span }
  | { kind: 'continue'; span: Span }
  | { kind: 'print'; values: Expression[]; span: Span }
  | { kind: 'try'; body: LmxStatement[]; name?: string; handler: LmxStatement[]; span: Span }
  | { kind: 'expression'; expression: Expression; span: Span };

/** The data of an anonymous `fn(a, b) … end` expression (an `extension` node named `lambda`). */
export interface LmxLambda {
  params: string[];
  body: LmxStatement[];
}

/** The statement keywords of lmx (matched case-insensitively). */
export const LMX_KEYWORDS: readonly string[] = [
  'let',
  'if',
  'elif',
  'else',
  'end',
  'while',
  'for',
  'in',
  'fn',
  'return',
  'break',
  'continue',
  'print',
  'try',
  'catch',
];
