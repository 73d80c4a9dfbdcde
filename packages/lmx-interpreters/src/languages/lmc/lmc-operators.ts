import type { BinaryOperator } from '../../core/ast.js';
import type { OperatorHooks } from '../../core/operators.js';
import type { Value } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import { AmountValue, failAmount, fromAmount, toAmount } from './amount-value.js';
import {
  type AmountResult,
  addAmounts,
  compareAmounts,
  divideAmounts,
  multiplyAmounts,
  negateAmount,
} from './quantity.js';

function settle(result: AmountResult, span: Span): Value {
  return result.ok ? fromAmount(result.value, span) : failAmount(result.error, span);
}

function isZero(value: Value): boolean {
  const amount = toAmount(value);
  if (amount === undefined) return false;
  if (typeof amount === 'number') return amount === 0;
  return amount.kind === 'percent' && amount.value === 0;
}

/**
 * Arithmetic and comparisons on quantities, percentages and dates. Only pairs with at
 * least one `lmc` amount reach these hooks (the core handles number with number).
 */
export const lmcOperatorHooks: OperatorHooks = {
  binary(operator: BinaryOperator, left: Value, right: Value, span: Span): Value | undefined {
    if (!(left instanceof AmountValue) && !(right instanceof AmountValue)) return undefined;
    const a = toAmount(left);
    const b = toAmount(right);
    if (a === undefined || b === undefined) return undefined;
    switch (operator) {
      case '+':
        return settle(addAmounts(a, b, 1), span);
      case '-':
        return settle(addAmounts(a, b, -1), span);
      case '*':
        return settle(multiplyAmounts(a, b), span);
      case '/':
        if (isZero(right)) throw new ScriptFault('E_RUNTIME', 'division by zero', span);
        return settle(divideAmounts(a, b), span);
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const compared = compareAmounts(a, b);
        if (!compared.ok) return failAmount(compared.error, span);
        if (operator === '<') return compared.order < 0;
        if (operator === '<=') return compared.order <= 0;
        if (operator === '>') return compared.order > 0;
        return compared.order >= 0;
      }
      default:
        return undefined;
    }
  },
  negate(operand: Value, span: Span): Value | undefined {
    if (!(operand instanceof AmountValue)) return undefined;
    return settle(negateAmount(operand.amount), span);
  },
};
