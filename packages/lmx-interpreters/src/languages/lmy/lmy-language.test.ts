import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

const run = (source: string, input?: unknown) => executeScript({ mode: 'lmy', source, input });

describe('lmy, the declarative sheet', () => {
  it('evaluates entries in dependency order and prints them in source order', () => {
    const result = run('total: price * qty\nprice: 12.5\nqty: 3\nlabel: "{{qty}} items"');
    expect(result.output).toEqual(['total: 37.5', 'price: 12.5', 'qty: 3', 'label: "3 items"']);
    expect(result.value).toEqual({ total: 37.5, price: 12.5, qty: 3, label: '3 items' });
  });

  it('names every cycle, and reports each once', () => {
    const result = run('a: b + 1\nb: c + 1\nc: a + 1\nd: d\ne: a');
    expect(result.error?.code).toBe('E_CYCLE');
    expect(result.error?.diagnostics?.map((item) => item.message)).toEqual([
      'cycle: a -> b -> c -> a',
      'cycle: d -> d',
    ]);
  });

  it('reports duplicates, unknown names and syntax errors with positions', () => {
    expect(run('a: 1\na: 2').error).toMatchObject({
      code: 'E_PARSE',
      line: 2,
      message: '"a" is defined twice (first on line 1)',
    });
    expect(run('a: missing + 1').error).toMatchObject({ code: 'E_NAME', message: 'unknown name "missing"' });
    expect(run('a 1\nb: (\nc: 3').error?.diagnostics?.map((item) => item.line)).toEqual([1, 3]);
  });

  it('reads input and keeps __proto__ an ordinary name', () => {
    expect(run('__proto__: input.x * 2\nconstructor: __proto__ + 1', { x: 4 }).value).toEqual(
      Object.assign(Object.create(null), { ['__proto__']: 8, constructor: 9 }),
    );
  });

  it('orders a 5000-long chain without overflowing the stack', () => {
    const lines = [
      'v0: 0',
      ...Array.from({ length: 5000 }, (_, index) => `v${index + 1}: v${index} + 1`),
    ].reverse();
    const result = run(lines.join('\n'));
    expect(result.ok).toBe(true);
    expect((result.value as Record<string, number>).v5000).toBe(5000);
  });

  it('maps, filters and reduces a list with lambdas instead of fixed indices', () => {
    const result = executeScript({
      mode: 'lmy',
      source:
        'items: [{price: 12.5, qty: 3}, {price: 4, qty: 10}]\nlines: map(items, i => i.price * i.qty)\ntotal: reduce(lines, (a, b) => a + b, 0)\nbulk: filter(items, i => i.qty > 5)',
    });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      'items: [{price: 12.5, qty: 3}, {price: 4, qty: 10}]',
      'lines: [37.5, 40]',
      'total: 77.5',
      'bulk: [{price: 4, qty: 10}]',
    ]);
  });
});
