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
});
