import { toScriptNumber } from '../../core/numeric.js';
import type { RunContext } from '../../core/run-context.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';
import { type Matrix, multiplyMatrices } from './matrix.js';

/** Pivots smaller than this (relative to the matrix's largest entry) count as zero. */
const SINGULAR = 1e-12;

function assertSquare(matrix: Matrix, what: string, span?: Span): number {
  const size = matrix.length;
  const columns = (matrix[0] as number[]).length;
  if (columns !== size)
    throw new ScriptFault('E_RUNTIME', `${what} needs a square matrix, not ${size}×${columns}`, span);
  return size;
}

/**
 * Solves `A · X = B` for X by Gauss–Jordan elimination with partial pivoting (B has as many
 * rows as A). A singular A is an `E_RUNTIME` error, never a matrix of huge numbers.
 */
function gaussJordan(a: Matrix, b: Matrix, what: string, span?: Span): Matrix {
  const size = assertSquare(a, what, span);
  if (b.length !== size)
    throw new ScriptFault('E_RUNTIME', `${what} needs a right side with ${size} rows, not ${b.length}`, span);
  const width = (b[0] as number[]).length;
  const work = a.map((row, index) => [...row, ...(b[index] as number[])]);
  const scale = Math.max(1, ...a.flat().map(Math.abs));
  for (let column = 0; column < size; column++) {
    let pivot = column;
    for (let row = column + 1; row < size; row++) {
      if (
        Math.abs((work[row] as number[])[column] as number) >
        Math.abs((work[pivot] as number[])[column] as number)
      )
        pivot = row;
    }
    const pivotValue = (work[pivot] as number[])[column] as number;
    if (Math.abs(pivotValue) < SINGULAR * scale)
      throw new ScriptFault('E_RUNTIME', `${what}: the matrix is singular (its determinant is 0)`, span);
    [work[pivot], work[column]] = [work[column] as number[], work[pivot] as number[]];
    const pivotRow = work[column] as number[];
    for (let index = 0; index < size + width; index++)
      pivotRow[index] = (pivotRow[index] as number) / pivotValue;
    for (let row = 0; row < size; row++) {
      if (row === column) continue;
      const target = work[row] as number[];
      const factor = target[column] as number;
      if (factor === 0) continue;
      for (let index = 0; index < size + width; index++)
        target[index] = (target[index] as number) - factor * (pivotRow[index] as number);
    }
  }
  return work.map((row) => row.slice(size).map((value) => toScriptNumber(value, span)));
}

/**
 * The inverse of a square matrix.
 *
 * @example
 * ```ts
 * invertMatrix([[4, 7], [2, 6]]); // [[0.6, -0.7], [-0.2, 0.4]]
 * ```
 */
export function invertMatrix(matrix: Matrix, span?: Span): Matrix {
  const size = assertSquare(matrix, 'inv', span);
  const identity = Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => (row === column ? 1 : 0)),
  );
  return gaussJordan(matrix, identity, 'inv', span);
}

/**
 * Solves `A · x = b`: `b` a vector gives a vector, a matrix gives a matrix.
 *
 * @example
 * ```ts
 * solveLinear([[2, 1], [1, 3]], [3, 5]); // [0.8, 1.4]
 * ```
 */
export function solveLinear(a: Matrix, b: number[] | Matrix, span?: Span): number[] | Matrix {
  const isVector = b.every((item) => typeof item === 'number');
  const right = isVector ? (b as number[]).map((item) => [item]) : (b as Matrix);
  const solution = gaussJordan(a, right, 'solve', span);
  return isVector ? solution.map((row) => row[0] as number) : solution;
}

/**
 * `M^n` for a square matrix and a whole `n`: `M * M * …` (the matrix product, as `*` is), the
 * identity for 0, powers of the inverse for negative `n`.
 */
export function matrixPower(matrix: Matrix, power: number, span: Span, context: RunContext): Matrix {
  const size = assertSquare(matrix, 'M^n', span);
  if (!Number.isInteger(power) || Math.abs(power) > 1024)
    throw new ScriptFault(
      'E_RUNTIME',
      `a matrix power takes a whole number from -1024 to 1024, not ${power}`,
      span,
    );
  let base = power < 0 ? invertMatrix(matrix, span) : matrix;
  let result: Matrix = Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => (row === column ? 1 : 0)),
  );
  // Square-and-multiply: log2(n) products.
  for (let left = Math.abs(power); left > 0; left = Math.floor(left / 2)) {
    if (left % 2 === 1) result = multiplyMatrices(result, base, span, context);
    if (left > 1) base = multiplyMatrices(base, base, span, context);
  }
  return result;
}
