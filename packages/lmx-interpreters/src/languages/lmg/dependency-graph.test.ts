import { describe, expect, it } from 'vitest';
import { analyseDependencies, describeDependencies } from './dependency-graph.js';

const cell = (id: string, ...references: string[]) => ({ id, references });

describe('lmg dependency graph', () => {
  it('prints a -> b with its layers for the design sheet example', () => {
    const graph = analyseDependencies([cell('a'), cell('b', 'a')], new Set());
    expect(describeDependencies(graph)).toEqual(['a -> b', 'layer 0: a', 'layer 1: b']);
  });

  it('prints nothing for an empty graph', () => {
    expect(describeDependencies(analyseDependencies([], new Set()))).toEqual([]);
  });

  it('sorts edges, layers, cycles and unresolved names whatever the document order', () => {
    const graph = analyseDependencies(
      [
        cell('z', 'y', 'x'),
        cell('y', 'x'),
        cell('x'),
        cell('q', 'p', 'input', 'nowhere'),
        cell('p', 'q'),
        cell('c', 'p'),
        cell('s', 's'),
      ],
      new Set(['input']),
    );
    expect(describeDependencies(graph)).toEqual([
      'p -> c',
      'p -> q',
      'q -> p',
      's -> s',
      'x -> y',
      'x -> z',
      'y -> z',
      'layer 0: x',
      'layer 1: y',
      'layer 2: z',
      'cycle: p -> q -> p',
      'cycle: s -> s',
      'blocked by a cycle: c',
      'unresolved: q uses nowhere',
    ]);
  });

  it('orders a longer cycle along its edges', () => {
    const graph = analyseDependencies([cell('b', 'a'), cell('c', 'b'), cell('a', 'c')], new Set());
    expect(graph.cycles).toEqual([['a', 'b', 'c']]);
  });

  it('handles a chain of 20 000 cells without exhausting the stack', () => {
    const cells = Array.from({ length: 20_000 }, (_, index) =>
      cell(`c${index}`, ...(index > 0 ? [`c${index - 1}`] : [])),
    );
    cells.push(cell('c0', 'c19999'));
    const chain = analyseDependencies(cells.slice(0, 20_000), new Set());
    expect(chain.layers).toHaveLength(20_000);
    const loop = analyseDependencies([...cells.slice(1, 20_000), cell('c0', 'c19999')], new Set());
    expect(loop.cycles[0]).toHaveLength(20_000);
  });
});
