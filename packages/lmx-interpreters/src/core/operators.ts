import type { Span } from '../diagnostics.js';
import { ScriptFault } from '../errors.js';
import type { BinaryOperator } from './ast.js';
import { divideNumbers, remainderOf, toScriptNumber } from './numeric.js';
import type { RunContext } from './run-context.js';
import { ScriptMap, typeOfValue, type Value, valuesEqual } from './values.js';

/**
 * A language's say over operators on values the core does not handle (lists as vectors,
 * quantities). Return undefined to fall back to the core (which then reports a type error).
 */
export interface OperatorHooks {
  binary?(
    operator: BinaryOperator,
    left: Value,
    right: Value,
    span: Span,
    context: RunContext,
  ): Value | undefined;
  negate?(operand: Value, span: Span, context: RunContext): Value | undefined;
  member?(object: Value, name: string, span: Span, context: RunContext): Value | undefined;
}

/**
 * Applies a binary operator with the shared semantics, asking the language's hooks first
 * for anything that is not number-with-number.
 *
 * @example
 * ```ts
 * applyBinary('+', 'a', 1, span, context); // 'a1'
 * ```
 */
export function applyBinary(
  operator: BinaryOperator,
  left: Value,
  right: Value,
  span: Span,
  context: RunContext,
  hooks?: OperatorHooks,
): Value {
  if (typeof left === 'number' && typeof right === 'number') return applyNumbers(operator, left, right, span);
  if (operator === '==') return valuesEqual(left, right);
  if (operator === '!=') return !valuesEqual(left, right);
  const hooked = hooks?.binary?.(operator, left, right, span, context);
  if (hooked !== undefined) return hooked;
  if (operator === '+') {
    if (typeof left === 'string' || typeof right === 'string') {
      const leftText = context.format(left, span);
      const rightText = context.format(right, span);
      context.checkStringLength(leftText.length + rightText.length, span);
      return leftText + rightText;
    }
    if (Array.isArray(left) && Array.isArray(right)) {
      context.checkListSize(left.length + right.length, span);
      return [...left, ...right];
    }
    if (left instanceof ScriptMap && right instanceof ScriptMap) {
      const merged = new ScriptMap([...left.entries, ...right.entries]);
      context.checkListSize(merged.size, span);
      return merged;
    }
  }
  if (typeof left === 'string' && typeof right === 'string') {
    switch (operator) {
      case '<':
        return left < right;
      case '<=':
        return left <= right;
      case '>':
        return left > right;
      case '>=':
        return left >= right;
    }
  }
  throw new ScriptFault(
    'E_RUNTIME',
    `cannot apply "${operator}" to ${typeOfValue(left)} and ${typeOfValue(right)}`,
    span,
  );
}

/**
 * The number-with-number operators.
 *
 * @example
 * ```ts
 * applyNumbers('%', 7, 3, span); // 1
 * ```
 */
export function applyNumbers(operator: BinaryOperator, left: number, right: number, span?: Span): Value {
  switch (operator) {
    case '+':
      return toScriptNumber(left + right, span);
    case '-':
      return toScriptNumber(left - right, span);
    case '*':
      return toScriptNumber(left * right, span);
    case '/':
      return divideNumbers(left, right, span);
    case '%':
      return remainderOf(left, right, span);
    case '^':
      return toScriptNumber(left ** right, span);
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
  }
}
