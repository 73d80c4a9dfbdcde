/** The four operations a worksheet can drill. */
export const MATH_OPERATIONS = ['add', 'subtract', 'multiply', 'divide'] as const;
export type MathOperation = (typeof MATH_OPERATIONS)[number];

/** How problems are set: stacked in columns of digits, or on one line. */
export const MATH_FORMATS = ['vertical', 'horizontal'] as const;
export type MathFormat = (typeof MATH_FORMATS)[number];

/** An inclusive range of whole numbers. */
export interface MathRange {
  min: number;
  max: number;
}

/** The normalised input of a math worksheet. */
export interface MathInput {
  operations: MathOperation[];
  /** First operand (for division, the dividend). */
  a: MathRange;
  /** Second operand (for division, the divisor; 0 is never used). */
  b: MathRange;
  count: number;
  allowNegative: boolean;
  allowRemainder: boolean;
  columns: number;
  format: MathFormat;
}

/** One problem: `a op b = answer` (and a remainder for division when allowed). */
export interface MathProblem {
  a: number;
  b: number;
  op: MathOperation;
  answer: number;
  /** Division only, when remainders are allowed: `a = b × answer + remainder`. */
  remainder?: number;
}

/** A math worksheet page: the problems and the rules they were drawn under. */
export interface MathDoc {
  problems: MathProblem[];
  operations: MathOperation[];
  ranges: { a: MathRange; b: MathRange };
  allowNegative: boolean;
  allowRemainder: boolean;
  columns: number;
  format: MathFormat;
}
