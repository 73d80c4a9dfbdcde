import { toScriptNumber } from '../../core/numeric.js';
import type { RunContext } from '../../core/run-context.js';
import type { Value } from '../../core/values.js';
import type { Span } from '../../diagnostics.js';
import { ScriptFault } from '../../errors.js';

/** A rectangular matrix of numbers, rows first. */
export type Matrix = number[][];

/**
 * Tells whether a value is a vector: a list of numbers (the empty list included).
 *
 * @example
 * ```ts
 * isVector([1, 2]); // true
 * ```
 */
export function isVector(value: Value): value is number[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number');
}

/**
 * Tells whether a value is a matrix: a non-empty list of equally long, non-empty vectors.
 *
 * @example
 * ```ts
 * isMatrix([[1, 2], [3, 4]]); // true
 * ```
 */
export function isMatrix(value: Value): value is Matrix {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first = value[0];
  if (!Array.isArray(first) || first.length === 0) return false;
  return value.every((row) => Array.isArray(row) && row.length === first.length && isVector(row));
}

/**
 * The matrix product `left × right`, spending one step per multiplication.
 *
 * @example
 * ```ts
 * multiplyMatrices([[1, 2], [3, 4]], [[0, 1], [1, 0]], span, context); // [[2, 1], [4, 3]]
 * ```
 */
export function multiplyMatrices(left: Matrix, right: Matrix, span: Span, context: RunContext): Matrix {
  const rows = left.length;
  const inner = (left[0] as number[]).length;
  const columns = (right[0] as number[]).length;
  if (inner !== right.length) {
    throw new ScriptFault(
      'E_RUNTIME',
      `cannot multiply a ${rows}×${inner} matrix by a ${right.length}×${columns} matrix`,
      span,
    );
  }
  context.checkListSize(rows * columns, span);
  context.spend(rows * columns * inner, span);
  const product: Matrix = [];
  for (let row = 0; row < rows; row++) {
    const line: number[] = new Array(columns).fill(0);
    for (let column = 0; column < columns; column++) {
      let total = 0;
      for (let step = 0; step < inner; step++) {
        total += ((left[row] as number[])[step] as number) * ((right[step] as number[])[column] as number);
      }
      line[column] = toScriptNumber(total, span);
    }
    product.push(line);
  }
  return product;
}

/**
 * The transpose of a matrix.
 *
 * @example
 * ```ts
 * transpose([[1, 2, 3]]); // [[1], [2], [3]]
 * ```
 */
export function transpose(matrix: Matrix): Matrix {
  const columns = (matrix[0] as number[]).length;
  return Array.from({ length: columns }, (_, column) => matrix.map((row) => row[column] as number));
}

/**
 * The determinant of a square matrix by Gaussian elimination with partial pivoting.
 *
 * @example
 * ```ts
 * determinant([[1, 2], [3, 4]], span); // -2
 * ```
 */
export function determinant(matrix: Matrix, span?: Span): number {
  const size = matrix.length;
  if ((matrix[0] as number[]).length !== size) {
    throw new ScriptFault(
      'E_RUNTIME',
      `det needs a square matrix, not ${size}×${(matrix[0] as number[]).length}`,
      span,
    );
  }
  const work = matrix.map((row) => [...row]);
  let result = 1;
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
    if (pivotValue === 0) return 0;
    if (pivot !== column) {
      [work[pivot], work[column]] = [work[column] as number[], work[pivot] as number[]];
      result = -result;
    }
    result *= pivotValue;
    for (let row = column + 1; row < size; row++) {
      const factor = ((work[row] as number[])[column] as number) / pivotValue;
      for (let index = column; index < size; index++) {
        (work[row] as number[])[index] =
          ((work[row] as number[])[index] as number) - factor * ((work[column] as number[])[index] as number);
      }
    }
  }
  return Math.abs(result) < 1e-12 ? 0 : toScriptNumber(Number(result.toPrecision(15)), span);
}
