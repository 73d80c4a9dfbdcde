import type { Expression } from '../../core/ast.js';
import { createExpressionCompiler, type Evaluate } from '../../core/compile-expression.js';
import { Scope } from '../../core/scope.js';
import { createScriptParser } from '../../core/script-parser.js';
import type { Value } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import type { CompileResult, LanguageDefinition } from '../../language.js';
import { toDisplayPrecision } from './display-precision.js';
import { LMM_BUILTINS, resolveMathConstant } from './lmm-builtins.js';
import { LMM_OPERATORS } from './lmm-operators.js';

interface Line {
  name?: string;
  value: Expression;
  span: Span;
}

/**
 * lmm, a math and statistics line calculator: each line is an expression (its value is
 * printed) or an assignment `name = expression` (printed as `name = value`). Lists are
 * vectors and lists of lists matrices; `*` of two matrices is the matrix product.
 *
 * @example
 * ```ts
 * executeScript({ mode: 'lmm', source: 'v = [3, 1, 4, 1, 5]\nmean(v)' }).output; // ['v = [3, 1, 4, 1, 5]', '2.8']
 * ```
 */
export const lmmLanguage: LanguageDefinition = {
  id: 'lmm',
  title: 'Math',
  summary: 'Math and statistics line calculator: vectors, matrices, mean, median, stdev, round(x, n)',
  bridges: [],
  compile: compileCalculator,
};

function compileCalculator(source: string): CompileResult {
  const parser = createScriptParser(source);
  const lines = parser.parseBlock((inner): Line => {
    const start = inner.peek();
    const first = inner.parseExpression();
    if (inner.matchPunct('=')) {
      if (first.kind !== 'name')
        return inner.fail('E_PARSE', 'expected a name before "=" (name = expression)', first.span);
      const value = inner.parseExpression();
      inner.expectLineEnd();
      return { name: first.name, value, span: inner.spanFrom(start) };
    }
    inner.expectLineEnd();
    return { value: first, span: inner.spanFrom(start) };
  });
  if (parser.diagnostics.length > 0) return { diagnostics: parser.diagnostics };

  const scope = new Scope();
  const compiler = createExpressionCompiler({
    builtins: LMM_BUILTINS,
    operators: LMM_OPERATORS,
    resolveName: resolveMathConstant,
  });
  // A name is known from its first assignment on: compile in order, declaring as we go.
  const steps = lines.map((line) => {
    const evaluate: Evaluate = compiler.compile(line.value, scope);
    const slot = line.name === undefined ? undefined : scope.declare(line.name);
    return { line, evaluate, slot };
  });
  if (compiler.diagnostics.length > 0) return { diagnostics: compiler.diagnostics };

  return {
    diagnostics: [],
    program: {
      run(context) {
        const frame = scope.createFrame();
        let last: Value | undefined;
        for (const { line, evaluate, slot } of steps) {
          context.step(line.span);
          const value = evaluate(frame, context);
          if (slot !== undefined) {
            frame.slots[slot] = value;
            context.print(
              `${line.name} = ${context.format(toDisplayPrecision(value), line.span)}`,
              line.span,
            );
          } else {
            context.print(context.format(toDisplayPrecision(value), line.span), line.span);
          }
          last = value;
        }
        return last;
      },
    },
  };
}
