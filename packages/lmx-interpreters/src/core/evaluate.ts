import type { Diagnostic, Span } from '../diagnostics.js';
import type { Expression } from './ast.js';
import type { OperatorHooks } from './operators.js';
import type { RunContext } from './run-context.js';
import type { Frame, Scope } from './scope.js';
import type { Value } from './values.js';

/** A compiled expression: evaluates against a frame and the run. */
export type Evaluate = (frame: Frame, context: RunContext) => Value;

/**
 * What the helpers of expression compilation (`compile-access`) need of the compiler: to
 * compile a child node, the language's operator hooks, and to report an unknown name.
 * Declared apart from `ExpressionCompiler` so those helpers never import it back.
 */
export interface NodeCompiler {
  readonly diagnostics: Diagnostic[];
  readonly options: { readonly operators?: OperatorHooks | undefined };
  compile(node: Expression, scope: Scope): Evaluate;
  unknownName(name: string, span: Span, scope?: Scope): Evaluate;
}
