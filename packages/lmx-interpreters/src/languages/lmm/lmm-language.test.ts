import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

const run = (source: string) => executeScript({ mode: 'lmm', source });

describe('lmm, the math line calculator', () => {
  it('prints each line, with assignments as name = value', () => {
    const result = run('v = [3, 1, 4, 1, 5]\nmean(v)\nmedian(v)\nround(stdev(v), 3)\nmedian([4, 1, 3, 2])');
    expect(result.output).toEqual(['v = [3, 1, 4, 1, 5]', '2.8', '3', '1.789', '2.5']);
    expect(result.value).toBe(2.5);
  });

  it('multiplies matrices, and a matrix by a column vector', () => {
    expect(run('[[1,2],[3,4]] * [[0,1],[1,0]]').output).toEqual(['[[2, 1], [4, 3]]']);
    expect(run('[[1,2,3],[4,5,6]] * [[1],[1],[1]]').output).toEqual(['[[6], [15]]']);
    expect(run('[[1,2],[3,4]] * [1, 1]').output).toEqual(['[3, 7]']);
    expect(run('[[1,2]] * [[1,2]]').error).toMatchObject({
      code: 'E_RUNTIME',
      message: 'cannot multiply a 1×2 matrix by a 1×2 matrix',
    });
  });

  it('works element by element with broadcasting on vectors', () => {
    expect(run('[1, 2, 3] * 2\n10 - [1, 2]\n[1, 2] + [10, 20]\n-[1, 2]\n[1, 2] ^ 2').output).toEqual([
      '[2, 4, 6]',
      '[9, 8]',
      '[11, 22]',
      '[-1, -2]',
      '[1, 4]',
    ]);
    expect(run('[1, 2] + [1, 2, 3]').error?.message).toBe('cannot apply "+" to lists of lengths 2 and 3');
    expect(run('[1, 2] / 0').error?.message).toBe('division by zero');
  });

  it('has transpose, det, dot, identity, shape and round(x, n) on lists', () => {
    expect(
      run(
        'transpose([[1,2,3]])\ndet([[1,2],[3,4]])\ndot([1,2,3],[4,5,6])\nidentity(2)\nshape([[1,2,3],[4,5,6]])\nround([1.005, 2.345], 2)',
      ).output,
    ).toEqual(['[[1], [2], [3]]', '-2', '32', '[[1, 0], [0, 1]]', '[2, 3]', '[1.01, 2.35]']);
  });

  it('reports a name used before its assignment, and statistics of empty lists', () => {
    expect(run('x + 1\nx = 2').error).toMatchObject({ code: 'E_NAME', line: 1 });
    expect(run('mean([])').error?.message).toBe('mean of an empty list');
    expect(run('stdev([1])').error?.message).toBe('stdev needs at least two values');
  });

  it('inverts and solves, refusing a singular matrix', () => {
    expect(
      run('inv([[4, 7], [2, 6]])\nsolve([[2, 1], [1, 3]], [3, 5])\nsolve([[2, 0], [0, 4]], [[2], [8]])')
        .output,
    ).toEqual(['[[0.6, -0.7], [-0.2, 0.4]]', '[0.8, 1.4]', '[[1], [2]]']);
    expect(run('inv([[1, 2], [2, 4]])').error).toMatchObject({
      code: 'E_RUNTIME',
      message: 'inv: the matrix is singular (its determinant is 0)',
    });
    expect(run('inv([[1, 2, 3]])').error?.message).toBe('inv needs a square matrix, not 1×3');
  });

  it('takes M^n as the matrix power, the same as M * M', () => {
    expect(run('M = [[1, 1], [1, 0]]\nM ^ 2 == M * M\nM ^ 0\nM ^ -1').output).toEqual([
      'M = [[1, 1], [1, 0]]',
      'true',
      '[[1, 0], [0, 1]]',
      '[[0, 1], [1, -1]]',
    ]);
    expect(run('[[1, 2, 3]] ^ 2').error?.message).toBe('M^n needs a square matrix, not 1×3');
  });

  it('has trigonometry, exp, percentile and element-wise abs/sqrt, and compares vectors element by element', () => {
    expect(
      run(
        'sin(pi / 2)\nexp(1)\npercentile([1, 2, 3, 4], 50)\nsqrt([1, 4, 9])\nabs([-1, 2])\n[1, 5, 3] > 2\n[1, 2] <= [2, 1]',
      ).output,
    ).toEqual(['1', '2.71828182846', '2.5', '[1, 2, 3]', '[1, 2]', '[false, true, true]', '[true, false]']);
    expect(run('sqrt([4, -1])').error?.message).toBe('sqrt of a negative number, got -1');
  });

  it('prints 12 significant digits, as lmc does, keeping the full value', () => {
    const result = run('0.05 + 0.0000000000000016\n[0.1 + 0.2, 1 / 3]');
    expect(result.output).toEqual(['0.05', '[0.3, 0.333333333333]']);
    expect(result.value).toEqual([0.30000000000000004, 1 / 3]);
  });

  it('maps, filters and reduces lists with lambdas', () => {
    expect(
      run('v = [1, 2, 3, 4]\nmap(v, x => x ^ 2)\nfilter(v, x => x % 2 == 0)\nreduce(v, (a, b) => a + b, 0)')
        .output,
    ).toEqual(['v = [1, 2, 3, 4]', '[1, 4, 9, 16]', '[2, 4]', '10']);
  });
});
