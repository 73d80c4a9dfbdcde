import type { PuzzleKind } from '../kind.js';
import { readOperationSymbol } from './math-arithmetic.js';
import { drawMath } from './math-drawer.js';
import { generateMath } from './math-generator.js';
import { normalizeMathInput } from './math-input.js';
import { MATH_FORMATS, MATH_OPERATIONS, type MathDoc, type MathInput } from './math-types.js';
import { validateMath } from './math-validator.js';

const OPERAND = { type: 'integer', min: -9999, max: 9999 } as const;

/**
 * Arithmetic drill worksheets: problems by operation and operand range, whole-number answers,
 * no negative results unless asked for.
 *
 * @example
 * generatePage({ kind: 'math', input: { operations: ['multiply'], minA: 2, maxA: 12, minB: 2, maxB: 12, count: 40, columns: 5 }, seed: 'm1' });
 */
export const mathKind = {
  name: 'math',
  title: 'Math drill',
  description:
    'Arithmetic practice: addition, subtraction, multiplication and division problems within chosen ranges.',
  requiresAccount: true,
  inputs: [
    {
      name: 'operations',
      type: 'string[]',
      description: `Operations to mix, each once: ${MATH_OPERATIONS.join(', ')}.`,
      default: ['add'],
      min: 1,
      max: 4,
    },
    {
      name: 'minA',
      ...OPERAND,
      description: 'Smallest first operand (the dividend for division).',
      default: 0,
    },
    { name: 'maxA', ...OPERAND, description: 'Largest first operand.', default: 10 },
    {
      name: 'minB',
      ...OPERAND,
      description: 'Smallest second operand (the divisor for division; 0 is skipped).',
      default: 0,
    },
    { name: 'maxB', ...OPERAND, description: 'Largest second operand.', default: 10 },
    { name: 'count', type: 'integer', description: 'Number of problems.', default: 20, min: 1, max: 100 },
    {
      name: 'allowNegative',
      type: 'boolean',
      description: 'Allow negative operands and results (otherwise subtraction never goes below 0).',
      default: false,
    },
    {
      name: 'allowRemainder',
      type: 'boolean',
      description: 'Allow division with a remainder (otherwise every quotient is whole).',
      default: false,
    },
    { name: 'columns', type: 'integer', description: 'Problems per row.', default: 4, min: 1, max: 6 },
    {
      name: 'format',
      type: 'enum',
      description: 'vertical: stacked digits (long-division bracket for ÷); horizontal: a + b = ___.',
      default: 'vertical',
      values: MATH_FORMATS,
    },
  ],
  normalizeInput: normalizeMathInput,
  generate: generateMath,
  validate: validateMath,
  summarize(doc) {
    const symbols = doc.operations.map(readOperationSymbol).join(' ');
    const { a, b } = doc.ranges;
    return `Math drill: ${doc.problems.length} problems (${symbols}), a ${a.min}–${a.max}, b ${b.min}–${b.max}.`;
  },
  difficulty(doc) {
    const digits = Math.max(
      ...doc.problems.map((p) => Math.max(String(Math.abs(p.a)).length, String(Math.abs(p.b)).length)),
    );
    return `${digits}-digit`;
  },
  draw: drawMath,
} satisfies PuzzleKind<MathInput, MathDoc>;
