import type { ActivityIssue } from '../../errors.js';
import { solveProblem } from './math-arithmetic.js';
import { MATH_FORMATS, MATH_OPERATIONS, type MathOperation, type MathRange } from './math-types.js';

const MAX_PROBLEMS = 100;

const fail = (message: string, path = ''): ActivityIssue => ({ code: 'ACT_INVALID_PAGE', message, path });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRange = (value: unknown): value is MathRange =>
  isRecord(value) &&
  Number.isSafeInteger(value.min) &&
  Number.isSafeInteger(value.max) &&
  (value.min as number) <= (value.max as number);
const isOperation = (value: unknown): value is MathOperation =>
  (MATH_OPERATIONS as readonly unknown[]).includes(value);
const inRange = (value: number, range: MathRange): boolean => value >= range.min && value <= range.max;

interface Rules {
  operations: MathOperation[];
  ranges: { a: MathRange; b: MathRange };
  allowNegative: boolean;
  allowRemainder: boolean;
}

function checkProblem(problem: unknown, label: string, rules: Rules): string | null {
  if (!isRecord(problem)) return `${label}: expected { a, b, op, answer }.`;
  const { a, b, op, answer, remainder } = problem;
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || !Number.isSafeInteger(answer))
    return `${label}: a, b and answer must be whole numbers.`;
  if (!isOperation(op) || !rules.operations.includes(op))
    return `${label}: op must be one of the page's operations.`;
  const [x, y, given] = [a as number, b as number, answer as number];
  if (!inRange(x, rules.ranges.a) || !inRange(y, rules.ranges.b))
    return `${label}: an operand is outside its range.`;
  if (op === 'divide' && y === 0) return `${label}: division by zero.`;
  const solved = solveProblem(x, y, op);
  const hasRemainder = remainder !== undefined;
  if (hasRemainder && (op !== 'divide' || !rules.allowRemainder))
    return `${label}: only division with allowRemainder has a remainder.`;
  if (op === 'divide' && !hasRemainder && solved.remainder !== 0)
    return `${label}: ${x} ÷ ${y} is not exact.`;
  if (given !== solved.answer || (hasRemainder && remainder !== solved.remainder))
    return `${label}: the answer is wrong.`;
  if (!rules.allowNegative && (x < 0 || y < 0 || given < 0))
    return `${label}: negative numbers are not allowed on this page.`;
  return null;
}

/**
 * Checks a math worksheet doc: every answer (and remainder) is right, operands are inside the
 * page's ranges, operations are the page's, no negatives unless allowed, division exact unless
 * remainders are allowed. Never throws.
 *
 * @example
 * validateMath(page.doc); // [] when consistent
 */
export function validateMath(doc: unknown): ActivityIssue[] {
  if (!isRecord(doc)) return [fail('A math page must be an object.')];
  const { problems, operations, ranges, allowNegative, allowRemainder, columns, format } = doc;
  const issues: ActivityIssue[] = [];
  if (!Array.isArray(operations) || operations.length === 0 || !operations.every(isOperation))
    issues.push(fail('operations must list add, subtract, multiply or divide.', '/operations'));
  if (!isRecord(ranges) || !isRange(ranges.a) || !isRange(ranges.b))
    issues.push(fail('ranges must be { a: { min, max }, b: { min, max } } with min ≤ max.', '/ranges'));
  if (typeof allowNegative !== 'boolean' || typeof allowRemainder !== 'boolean')
    issues.push(fail('allowNegative and allowRemainder must be true or false.', '/allowNegative'));
  if (!Number.isInteger(columns) || (columns as number) < 1 || (columns as number) > 6)
    issues.push(fail('columns must be 1 to 6.', '/columns'));
  if (!(MATH_FORMATS as readonly unknown[]).includes(format))
    issues.push(fail(`format must be ${MATH_FORMATS.join(' or ')}.`, '/format'));
  if (!Array.isArray(problems) || problems.length === 0 || problems.length > MAX_PROBLEMS)
    issues.push(fail(`problems must be a list of 1 to ${MAX_PROBLEMS}.`, '/problems'));
  if (issues.length > 0) return issues;
  const rules = { operations, ranges, allowNegative, allowRemainder } as Rules;
  (problems as unknown[]).forEach((problem, index) => {
    const message = checkProblem(problem, `problem ${index + 1}`, rules);
    if (message) issues.push(fail(message, `/problems/${index}`));
  });
  return issues;
}
