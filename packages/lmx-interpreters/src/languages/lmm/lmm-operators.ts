import type { BinaryOperator } from '../../core/ast.js';
import { toScriptNumber } from '../../core/numeric.js';
import { applyNumbers, type OperatorHooks } from '../../core/operators.js';
import type { RunContext } from '../../core/run-context.js';
import type { Value } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import { matrixPower } from './linear-algebra.js';
import { isMatrix, isVector, multiplyMatrices } from './matrix.js';

const ELEMENTWISE: ReadonlySet<BinaryOperator> = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '<',
  '<=',
  '>',
  '>=',
]);

/**
 * lmm's operators on lists: `matrix * matrix` is the matrix product (a vector on the
 * right is a column) and `M^n` of a square matrix the matrix power; every other arithmetic
 * operator, and `<`, `<=`, `>`, `>=`, works element by element (a comparison gives a list of
 * booleans), with a number on either side broadcast to every element. `==` and `!=` compare
 * whole values.
 *
 * @example
 * ```ts
 * createExpressionCompiler({ builtins, operators: LMM_OPERATORS });
 * ```
 */
export const LMM_OPERATORS: OperatorHooks = {
  binary(operator, left, right, span, context) {
    if (!ELEMENTWISE.has(operator)) return undefined;
    // M^n of a square matrix is the matrix power, consistent with M * M being the product.
    if (operator === '^' && isMatrix(left) && typeof right === 'number' && left.length > 0)
      return matrixPower(left, right, span, context);
    if (
      operator === '*' &&
      isMatrix(left) &&
      (isMatrix(right) || (isVector(right) && right.length > 0 && !isMatrix(left[0] as Value)))
    ) {
      if (isMatrix(right)) return multiplyMatrices(left, right, span, context);
      const column = right.map((item) => [item]);
      return multiplyMatrices(left, column, span, context).map((row) => row[0] as number);
    }
    return elementwise(operator, left, right, span, context);
  },
  negate(operand, span, context) {
    if (!Array.isArray(operand)) return undefined;
    return elementwise('*', operand, -1, span, context);
  },
};

function elementwise(
  operator: BinaryOperator,
  left: Value,
  right: Value,
  span: Span,
  context: RunContext,
): Value | undefined {
  const leftList = Array.isArray(left);
  const rightList = Array.isArray(right);
  if (!leftList && !rightList) {
    if (typeof left === 'number' && typeof right === 'number')
      return applyNumbers(operator, left, right, span);
    return undefined;
  }
  if (leftList && rightList && left.length !== right.length) {
    throw new ScriptFault(
      'E_RUNTIME',
      `cannot apply "${operator}" to lists of lengths ${left.length} and ${right.length}`,
      span,
    );
  }
  if (
    (leftList && !rightList && typeof right !== 'number') ||
    (rightList && !leftList && typeof left !== 'number')
  ) {
    return undefined;
  }
  const length = leftList ? (left as Value[]).length : (right as Value[]).length;
  context.spend(length, span);
  const result: Value[] = new Array(length);
  for (let index = 0; index < length; index++) {
    const a = leftList ? ((left as Value[])[index] as Value) : left;
    const b = rightList ? ((right as Value[])[index] as Value) : right;
    const value = elementwise(operator, a, b, span, context);
    if (value === undefined) {
      throw new ScriptFault(
        'E_RUNTIME',
        `cannot apply "${operator}" to the items at position ${index}`,
        span,
      );
    }
    result[index] = typeof value === 'number' ? toScriptNumber(value, span) : value;
  }
  return result;
}
