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

/** The builtins of lmm: the shared ones plus statistics and matrices. */
export const LMM_BUILTINS: BuiltinRegistry = createBuiltinRegistry(CORE_BUILTINS, LMM_ONLY, [
  defineBuiltin('pi', [0, 0], () => Math.PI),
]);
