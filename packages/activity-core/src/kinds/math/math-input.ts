import type { ActivityIssue } from '../../errors.js';
import { listExactDivisors } from './math-arithmetic.js';
import { MATH_OPERATIONS, type MathFormat, type MathInput, type MathOperation } from './math-types.js';

const fail = (message: string, path: string): ActivityIssue => ({ code: 'ACT_INVALID_INPUT', message, path });

// Each operation must have at least one problem within the ranges and rules.
function checkFeasible(input: MathInput, issues: ActivityIssue[]): void {
  const { a, b } = input;
  if (input.operations.includes('subtract') && !input.allowNegative && a.max < b.min) {
    issues.push(
      fail(
        `subtract: every a is below every b (maxA ${a.max} < minB ${b.min}), so results would be negative; widen the ranges or set allowNegative.`,
        '/operations',
      ),
    );
  }
  if (input.operations.includes('divide')) {
    if (b.min === 0 && b.max === 0) issues.push(fail('divide: the only divisor in range is 0.', '/minB'));
    else if (!input.allowRemainder && listExactDivisors(a, b).length === 0) {
      issues.push(
        fail(
          `divide: no b from ${b.min} to ${b.max} divides any a from ${a.min} to ${a.max} exactly; widen the ranges or set allowRemainder.`,
          '/operations',
        ),
      );
    }
  }
}

/**
 * The math-specific input checks: known operations, each once; min ≤ max per operand; negative
 * operands only with allowNegative; every chosen operation possible within the ranges.
 *
 * @example
 * normalizeMathInput({ operations: ['add', 'subtract'], minA: 0, maxA: 20, minB: 0, maxB: 10, count: 20, allowNegative: false, allowRemainder: false, columns: 4, format: 'vertical' });
 */
export function normalizeMathInput(values: Record<string, unknown>): {
  input: MathInput;
  issues: ActivityIssue[];
} {
  const issues: ActivityIssue[] = [];
  const raw = values.operations as string[];
  const operations = MATH_OPERATIONS.filter((op) => raw.includes(op));
  raw.forEach((op, index) => {
    if (!(MATH_OPERATIONS as readonly string[]).includes(op)) {
      issues.push(
        fail(`operations: "${op}" is not one of ${MATH_OPERATIONS.join(', ')}.`, `/operations/${index}`),
      );
    } else if (raw.indexOf(op) !== index)
      issues.push(fail(`operations: "${op}" is listed twice.`, `/operations/${index}`));
  });
  const input: MathInput = {
    operations: operations as MathOperation[],
    a: { min: Number(values.minA), max: Number(values.maxA) },
    b: { min: Number(values.minB), max: Number(values.maxB) },
    count: Number(values.count),
    allowNegative: values.allowNegative === true,
    allowRemainder: values.allowRemainder === true,
    columns: Number(values.columns),
    format: values.format as MathFormat,
  };
  if (input.a.min > input.a.max)
    issues.push(fail(`minA (${input.a.min}) is above maxA (${input.a.max}).`, '/minA'));
  if (input.b.min > input.b.max)
    issues.push(fail(`minB (${input.b.min}) is above maxB (${input.b.max}).`, '/minB'));
  if (!input.allowNegative && (input.a.min < 0 || input.b.min < 0)) {
    issues.push(fail('negative operands need allowNegative: true.', input.a.min < 0 ? '/minA' : '/minB'));
  }
  if (issues.length === 0) checkFeasible(input, issues);
  return { input, issues };
}
