import { expectInteger, expectList, expectNumber, expectNumbers } from '../../core/builtins/arguments.js';
import {
  type BuiltinRegistry,
  createBuiltinRegistry,
  defineBuiltin,
} from '../../core/builtins/builtin-registry.js';
import { CORE_BUILTINS } from '../../core/builtins/core-builtins.js';
import { roundTo } from '../../core/builtins/math-builtins.js';
import { toScriptNumber } from '../../core/numeric.js';
import type { Value } from '../../core/values.js';
import { ScriptFault } from '../../errors.js';
import { invertMatrix, solveLinear } from './linear-algebra.js';
import { determinant, isMatrix, type Matrix, transpose } from './matrix.js';

function nonEmpty(value: Value | undefined, name: string): number[] {
  const numbers = expectNumbers(value, name);
  if (numbers.length === 0) throw new ScriptFault('E_RUNTIME', `${name} of an empty list`);
  return numbers;
}

function meanOf(numbers: readonly number[]): number {
  return numbers.reduce((total, item) => total + item, 0) / numbers.length;
}

/** Sample variance (n − 1); needs two values. */
function varianceOf(numbers: readonly number[], name: string): number {
  if (numbers.length < 2) throw new ScriptFault('E_RUNTIME', `${name} needs at least two values`);
  const mean = meanOf(numbers);
  return numbers.reduce((total, item) => total + (item - mean) ** 2, 0) / (numbers.length - 1);
}

function expectMatrix(value: Value | undefined, name: string): Matrix {
  if (value !== undefined && isMatrix(value)) return value;
  throw new ScriptFault('E_RUNTIME', `${name} expects a matrix (a list of equally long lists of numbers)`);
}

function roundDeep(value: Value, digits: number): Value {
  if (typeof value === 'number') return roundTo(value, digits);
  if (Array.isArray(value)) return value.map((item) => roundDeep(item, digits));
  throw new ScriptFault('E_RUNTIME', 'round expects a number or a list of numbers');
}

const LMM_ONLY = [
  defineBuiltin('mean', [1, 1], ([list]) => toScriptNumber(meanOf(nonEmpty(list, 'mean')))),
  defineBuiltin('median', [1, 1], ([list]) => {
    const sorted = [...nonEmpty(list, 'median')].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : toScriptNumber(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
  }),
  defineBuiltin('variance', [1, 1], ([list]) =>
    toScriptNumber(varianceOf(expectNumbers(list, 'variance'), 'variance')),
  ),
  defineBuiltin('stdev', [1, 1], ([list]) =>
    toScriptNumber(Math.sqrt(varianceOf(expectNumbers(list, 'stdev'), 'stdev'))),
  ),
  defineBuiltin('round', [1, 2], ([value, digits]) =>
    roundDeep(value ?? null, digits === undefined ? 0 : expectInteger(digits, 'round', 2)),
  ),
  defineBuiltin('dot', [2, 2], ([left, right]) => {
    const a = expectNumbers(left, 'dot');
    const b = expectNumbers(right, 'dot', 2);
    if (a.length !== b.length)
      throw new ScriptFault(
        'E_RUNTIME',
        `dot needs vectors of equal length, not ${a.length} and ${b.length}`,
      );
    return toScriptNumber(a.reduce((total, item, index) => total + item * (b[index] as number), 0));
  }),
  defineBuiltin('transpose', [1, 1], ([matrix]) => transpose(expectMatrix(matrix, 'transpose'))),
  defineBuiltin('det', [1, 1], ([matrix]) => determinant(expectMatrix(matrix, 'det'))),
  defineBuiltin('identity', [1, 1], ([size], context) => {
    const count = expectInteger(size, 'identity');
    if (count < 1) throw new ScriptFault('E_RUNTIME', 'identity needs a size of at least 1');
    context.checkListSize(count * count);
    return Array.from({ length: count }, (_, row) =>
      Array.from({ length: count }, (_, column) => (row === column ? 1 : 0)),
    );
  }),
  defineBuiltin('shape', [1, 1], ([value]) => {
    if (value !== undefined && isMatrix(value)) return [value.length, (value[0] as number[]).length];
    return [expectList(value, 'shape').length];
  }),
  defineBuiltin('product', [1, 1], ([list]) =>
    toScriptNumber(expectNumbers(list, 'product').reduce((total, item) => total * item, 1)),
  ),
  defineBuiltin('log', [1, 2], ([value, base]) => {
    const number = expectNumber(value, 'log');
    if (number <= 0) throw new ScriptFault('E_RUNTIME', 'log of a number that is not positive');
    return toScriptNumber(
      base === undefined ? Math.log(number) : Math.log(number) / Math.log(expectNumber(base, 'log', 2)),
    );
  }),
];

/**
 * A numeric function applied to a number, or to every number of a vector or matrix
 * (`sqrt([1, 4])` is `[1, 2]`), checking its domain.
 */
function elementwiseFunction(
  name: string,
  apply: (value: number) => number,
  domain?: { holds: (value: number) => boolean; message: string },
) {
  const each = (value: Value): Value => {
    if (typeof value === 'number') {
      if (domain && !domain.holds(value))
        throw new ScriptFault('E_RUNTIME', `${name} ${domain.message}, got ${value}`);
      return toScriptNumber(apply(value));
    }
    if (Array.isArray(value)) return value.map(each);
    throw new ScriptFault('E_RUNTIME', `${name} expects a number or a list of numbers`);
  };
  return defineBuiltin(name, [1, 1], ([value], context) => {
    if (Array.isArray(value)) context.spend(value.length);
    return each(value ?? null);
  });
}

const unit = { holds: (value: number) => value >= -1 && value <= 1, message: 'takes a number from -1 to 1' };

/** Element-wise functions: on a number, or on every element of a vector or matrix. */
const ELEMENTWISE = [
  elementwiseFunction('abs', Math.abs),
  elementwiseFunction('sqrt', Math.sqrt, { holds: (value) => value >= 0, message: 'of a negative number' }),
  elementwiseFunction('floor', Math.floor),
  elementwiseFunction('ceil', Math.ceil),
  elementwiseFunction('exp', Math.exp),
  elementwiseFunction('ln', Math.log, {
    holds: (value) => value > 0,
    message: 'of a number that is not positive',
  }),
  elementwiseFunction('log10', Math.log10, {
    holds: (value) => value > 0,
    message: 'of a number that is not positive',
  }),
  elementwiseFunction('sin', Math.sin),
  elementwiseFunction('cos', Math.cos),
  elementwiseFunction('tan', Math.tan),
  elementwiseFunction('asin', Math.asin, unit),
  elementwiseFunction('acos', Math.acos, unit),
  elementwiseFunction('atan', Math.atan),
  elementwiseFunction('sinh', Math.sinh),
  elementwiseFunction('cosh', Math.cosh),
  elementwiseFunction('tanh', Math.tanh),
  elementwiseFunction('degrees', (value) => (value * 180) / Math.PI),
  elementwiseFunction('radians', (value) => (value * Math.PI) / 180),
];

/** Linear percentile (the `(n − 1) · p` rank, as NumPy's default and spreadsheets' PERCENTILE.INC). */
function percentileOf(numbers: readonly number[], percent: number): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const rank = ((sorted.length - 1) * percent) / 100;
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return (sorted[below] as number) + (rank - below) * ((sorted[above] as number) - (sorted[below] as number));
}

const percentile = defineBuiltin('percentile', [2, 2], ([list, percent]) => {
  const p = expectNumber(percent, 'percentile', 2);
  if (p < 0 || p > 100)
    throw new ScriptFault('E_RUNTIME', `percentile takes a percent from 0 to 100, got ${p}`);
  return toScriptNumber(percentileOf(nonEmpty(list, 'percentile'), p));
});

const LINEAR_ALGEBRA = [
  defineBuiltin('inv', [1, 1], ([matrix]) => invertMatrix(expectMatrix(matrix, 'inv'))),
  defineBuiltin('solve', [2, 2], ([matrix, right]) => {
    const a = expectMatrix(matrix, 'solve');
    if (right !== undefined && isMatrix(right)) return solveLinear(a, right);
    return solveLinear(a, expectNumbers(right, 'solve', 2));
  }),
  defineBuiltin('atan2', [2, 2], ([y, x]) =>
    toScriptNumber(Math.atan2(expectNumber(y, 'atan2'), expectNumber(x, 'atan2', 2))),
  ),
  percentile,
  defineBuiltin('quantile', [2, 2], ([list, fraction]) => {
    const q = expectNumber(fraction, 'quantile', 2);
    if (q < 0 || q > 1) throw new ScriptFault('E_RUNTIME', `quantile takes a fraction from 0 to 1, got ${q}`);
    return toScriptNumber(percentileOf(nonEmpty(list, 'quantile'), q * 100));
  }),
];

/** The builtins of lmm: the shared ones plus statistics, matrices and element-wise functions. */
export const LMM_BUILTINS: BuiltinRegistry = createBuiltinRegistry(
  CORE_BUILTINS,
  LMM_ONLY,
  ELEMENTWISE,
  LINEAR_ALGEBRA,
);

/** The constants of lmm and lmc: `pi` and `e` are numbers (a variable of that name wins). */
export function resolveMathConstant(name: string): (() => number) | undefined {
  if (name === 'pi') return () => Math.PI;
  if (name === 'e') return () => Math.E;
  return undefined;
}

/** The numeric builtins `lmc` shares with lmm: trigonometry, exp, ln, log, statistics. */
export const LMM_SHARED_WITH_LMC = [
  ...ELEMENTWISE.filter((builtin) => !['abs', 'floor', 'ceil'].includes(builtin.name)),
  ...LMM_ONLY.filter((builtin) => ['mean', 'median', 'stdev', 'log'].includes(builtin.name)),
  percentile,
];
