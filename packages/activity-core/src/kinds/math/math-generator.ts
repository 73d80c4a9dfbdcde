import type { Random } from '../../random/seeded-random.js';
import { listExactDivisors, solveProblem } from './math-arithmetic.js';
import type { MathDoc, MathInput, MathOperation, MathProblem, MathRange } from './math-types.js';

/** Fresh draws tried to avoid repeating a problem already on the sheet. */
const REPEAT_TRIES = 20;

// Uniform over the range without 0: draw from one value fewer and step over 0.
function pickNonZero(range: MathRange, random: Random): number {
  const hasZero = range.min <= 0 && range.max >= 0;
  const value = random.int(range.min, hasZero ? range.max - 1 : range.max);
  return hasZero && value >= 0 ? value + 1 : value;
}

function drawOperands(
  input: MathInput,
  op: MathOperation,
  divisors: readonly number[],
  random: Random,
): [number, number] {
  const { a, b } = input;
  if (op === 'subtract' && !input.allowNegative) {
    // Only pairs with a ≥ b: draw a where some b fits under it, then b up to a.
    const first = random.int(Math.max(a.min, b.min), a.max);
    return [first, random.int(b.min, Math.min(b.max, first))];
  }
  if (op === 'divide') {
    if (input.allowRemainder) return [random.int(a.min, a.max), pickNonZero(b, random)];
    const divisor = random.pick(divisors);
    const size = Math.abs(divisor);
    const multiple = random.int(Math.ceil(a.min / size), Math.floor(a.max / size)) * size;
    return [multiple, divisor];
  }
  return [random.int(a.min, a.max), random.int(b.min, b.max)];
}

// Each operation gets an equal share (±1), in a shuffled order.
function planOperations(input: MathInput, random: Random): MathOperation[] {
  const plan = Array.from(
    { length: input.count },
    (_, i) => input.operations[i % input.operations.length] as MathOperation,
  );
  return random.shuffle(plan);
}

/**
 * Draws the problems: operands uniformly within their ranges under the rules (no negative
 * results, exact division unless allowed), avoiding repeats while fresh problems are easy to find.
 *
 * @example
 * generateMath({ operations: ['multiply'], a: { min: 2, max: 12 }, b: { min: 2, max: 12 }, count: 30, allowNegative: false, allowRemainder: false, columns: 5, format: 'vertical' }, createRandom('m'));
 */
export function generateMath(input: MathInput, random: Random): MathDoc {
  const divisors = input.operations.includes('divide') ? listExactDivisors(input.a, input.b) : [];
  const problemRandom = random.fork('problems');
  const seen = new Set<string>();
  const problems: MathProblem[] = planOperations(input, random.fork('operations')).map((op) => {
    let a = 0;
    let b = 0;
    for (let attempt = 0; attempt < REPEAT_TRIES; attempt++) {
      [a, b] = drawOperands(input, op, divisors, problemRandom);
      if (!seen.has(`${a}${op}${b}`)) break;
    }
    seen.add(`${a}${op}${b}`);
    const { answer, remainder } = solveProblem(a, b, op);
    return op === 'divide' && input.allowRemainder ? { a, b, op, answer, remainder } : { a, b, op, answer };
  });
  return {
    problems,
    operations: input.operations,
    ranges: { a: { ...input.a }, b: { ...input.b } },
    allowNegative: input.allowNegative,
    allowRemainder: input.allowRemainder,
    columns: input.columns,
    format: input.format,
  };
}
