import { describe, expect, it } from 'vitest';
import { executeScript } from '../execute-script.js';

const run = (mode: string, source: string, input?: unknown) => executeScript({ mode, source, input });

describe('lambdas in the shared expression core', () => {
  it('maps, filters and reduces with arrow lambdas in lmx', () => {
    const source = [
      'let xs = [1, 2, 3, 4]',
      'print map(xs, x => x * 10)',
      'print filter(xs, x => x % 2 == 0)',
      'print reduce(xs, (total, x) => total + x, 0)',
    ].join('\n');
    expect(run('lmx', source).output).toEqual(['[10, 20, 30, 40]', '[2, 4]', '10']);
  });

  it('returns the value of a one-expression fn (x) … end body in lmx', () => {
    expect(run('lmx', 'print map([1, 2], fn (x) x + 1 end)').output).toEqual(['[2, 3]']);
  });

  it('closes over outer names and gives two-parameter callbacks the index', () => {
    const source = ['let rate = 3', 'print map([5, 6], (x, i) => x * rate + i)'].join('\n');
    expect(run('lmx', source).output).toEqual(['[15, 19]']);
  });

  it('sorts by a key, with a comparator and with sort_by; pairs sort item by item', () => {
    const source = [
      'let people = [{name: "b", age: 30}, {name: "a", age: 25}, {name: "c", age: 30}]',
      'print map(sort(people, p => p.age), p => p.name)',
      'print map(sort(people, (l, r) => r.age - l.age), p => p.name)',
      'print map(sort(people, (l, r) => l.name > r.name), p => p.name)',
      'print map(sort_by(people, p => [p.age, p.name]), p => p.name)',
      'print sort([[2, "x"], [1, "z"], [1, "y"]])',
    ].join('\n');
    expect(run('lmx', source).output).toEqual([
      '["a", "b", "c"]',
      '["b", "c", "a"]',
      '["c", "b", "a"]',
      '["a", "b", "c"]',
      '[[1, "y"], [1, "z"], [2, "x"]]',
    ]);
  });

  it('says which argument of map is not a function', () => {
    const result = run('lmx', 'print map([1], 3)');
    expect(result.error).toMatchObject({ code: 'E_RUNTIME', line: 1, column: 7 });
    expect(result.error?.message).toBe('map expects a function as argument 2 but got number');
  });

  it('names the types sort cannot order', () => {
    const result = run('lmx', 'print sort([1, "a"])');
    expect(result.error?.message).toMatch(/cannot order (number against string|string against number)/);
  });

  it('works in lmy, a language without statements', () => {
    const source = [
      'prices: [12, 30, 8]',
      'doubled: map(prices, p => p * 2)',
      'big: filter(prices, fn (p) p > 10 end)',
    ].join('\n');
    const result = run('lmy', source);
    expect(result.ok).toBe(true);
    expect(result.value).toEqual({ prices: [12, 30, 8], doubled: [24, 60, 16], big: [12, 30] });
  });

  it('works in lmm with a fn … end lambda', () => {
    const result = run('lmm', 'v = [3, 1, 2]\nmap(v, fn (x) x ^ 2 end)');
    expect(result.output.at(-1)).toBe('[9, 1, 4]');
  });

  it('reports a lambda whose fn … end has no end', () => {
    const result = run('lmy', 'a: map([1], fn (x) x + 1)');
    expect(result.error).toMatchObject({ code: 'E_PARSE' });
    expect(result.error?.message).toMatch(/"end" to close "fn"/);
  });
});

describe('strict fields', () => {
  it('makes a misspelt field an error with a did-you-mean, and ?. read null', () => {
    const result = run(
      'lmx',
      'let order = {amount: 5}\nprint order?.amout, order?.amount\nprint order.amout',
    );
    expect(result.output).toEqual(['null 5']);
    expect(result.error).toMatchObject({ code: 'E_RUNTIME', line: 3, column: 7 });
    expect(result.error?.message).toBe(
      'unknown field "amout" (did you mean "amount"?; write ?.amout to read null when it may be missing)',
    );
  });

  it('reads null through a null with ?. and says so without it', () => {
    expect(run('lmx', 'let a = null\nprint a?.b').output).toEqual(['null']);
    expect(run('lmx', 'let a = null\nprint a.b').error?.message).toBe(
      'cannot read field "b" of null (write ?.b to read null through a null)',
    );
  });
});

describe('lambdas in more languages', () => {
  it('sorts lmc quantities by their value across units', () => {
    const result = run('lmc', 'sort([3 m, 1 ft, 2 km])');
    expect(result.output.at(-1)).toBe('[1 ft, 3 m, 2 km]');
  });

  it('keeps a lambda parameter out of an lmg cell graph', () => {
    const grid = '{"cells":[{"id":"a","specialConfig":{"code":"map([1, 2], x => x * 3)"}}]}';
    const result = run('lmg', grid);
    expect(result.ok).toBe(true);
  });
});
