import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../types.js';
import { sortByDocumentOrder } from './lazy-positions.js';

const at = (...paths: string[]): Diagnostic[] => paths.map((path) => ({ code: 'X', message: path, path }));
const pathsOf = (list: Diagnostic[]): string[] => list.map((diagnostic) => diagnostic.path);

/** An object of `count` keys `k0`, `k1`, … in that order, each holding `{ v: index }`. */
function manyKeys(count: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) object[`k${index}`] = { v: index };
  return object;
}

describe('sortByDocumentOrder', () => {
  it('orders by key position in a large object, keys near its start and far into it alike', () => {
    const doc = { big: manyKeys(40) };
    const sorted = sortByDocumentOrder(
      at('/big/k30', '/big/k2', '/big/k17', '/big/k0/v', '/big/k39', '/big/k16'),
      doc,
    );
    expect(pathsOf(sorted)).toEqual(['/big/k0/v', '/big/k2', '/big/k16', '/big/k17', '/big/k30', '/big/k39']);
  });

  it('orders the same whether the first question about a large object is near its start or not', () => {
    const doc = { big: manyKeys(30) };
    const expected = ['/big/k1', '/big/k3', '/big/k20', '/big/k25'];
    expect(pathsOf(sortByDocumentOrder(at('/big/k3', '/big/k1', '/big/k25', '/big/k20'), doc))).toEqual(
      expected,
    );
    expect(pathsOf(sortByDocumentOrder(at('/big/k25', '/big/k20', '/big/k3', '/big/k1'), doc))).toEqual(
      expected,
    );
  });

  it('puts ancestors first, arrays by index, absent keys last in the order given', () => {
    const doc = { b: [{}, {}, {}], a: { y: 1, x: 2 } };
    const sorted = sortByDocumentOrder(
      at('/a/zz', '/b/10', '/a/x', '/b/2', '/a', '/a/missing', '/a/y', '', '/b/0'),
      doc,
    );
    expect(pathsOf(sorted)).toEqual([
      '',
      '/b/0',
      '/b/2',
      '/b/10',
      '/a',
      '/a/y',
      '/a/x',
      '/a/zz',
      '/a/missing',
    ]);
  });

  it('orders pointers below a value that is neither object nor array as text', () => {
    const doc = { s: 'text' };
    expect(pathsOf(sortByDocumentOrder(at('/s/b', '/s/a', '/s/c'), doc))).toEqual(['/s/a', '/s/b', '/s/c']);
  });
});
