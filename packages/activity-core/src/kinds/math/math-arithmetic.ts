import type { MathOperation, MathRange } from './math-types.js';

/**
 * The answer (and remainder) of `a op b`. Division truncates toward zero, so the remainder has
 * the sign of `a` (−7 ÷ 2 = −3 R −1), as JavaScript's `%` does.
 *
 * @example
 * solveProblem(17, 5, 'divide'); // { answer: 3, remainder: 2 }
 */
export function solveProblem(a: number, b: number, op: MathOperation): { answer: number; remainder: number } {
  // `+ 0` turns −0 (from 0 × −3 or trunc(−0.5)) into 0, so pages compare and print cleanly.
  switch (op) {
    case 'add':
      return { answer: a + b + 0, remainder: 0 };
    case 'subtract':
      return { answer: a - b + 0, remainder: 0 };
    case 'multiply':
      return { answer: a * b + 0, remainder: 0 };
    case 'divide': {
      const answer = Math.trunc(a / b) + 0;
      return { answer, remainder: a - b * answer + 0 };
    }
  }
}

/**
 * The divisors in range (never 0) that have at least one multiple in the dividend range.
 *
 * @example
 * listExactDivisors({ min: 10, max: 12 }, { min: 0, max: 5 }); // [1, 2, 3, 4, 5]
 */
export function listExactDivisors(dividends: MathRange, divisors: MathRange): number[] {
  const out: number[] = [];
  for (let b = divisors.min; b <= divisors.max; b++) {
    if (b === 0) continue;
    const size = Math.abs(b);
    if (Math.floor(dividends.max / size) >= Math.ceil(dividends.min / size)) out.push(b);
  }
  return out;
}

/**
 * The symbol printed for an operation.
 *
 * @example
 * readOperationSymbol('divide'); // '÷'
 */
export function readOperationSymbol(op: MathOperation): string {
  return { add: '+', subtract: '−', multiply: '×', divide: '÷' }[op];
}
