import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';
import { lmgLanguage } from './lmg-language.js';

function run(source: string, input?: unknown) {
  return executeScript({ mode: 'lmg', source, input }, { languages: [lmgLanguage] });
}

const example =
  '{"cells":[{"id":"a","specialConfig":{"code":"2"}},{"id":"b","specialConfig":{"code":"a * 21"}}]}';

describe('lmg, programming grids', () => {
  it('prints a -> b for the design sheet example', () => {
    const result = run(`${example}\nGRAPH`);
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['a -> b', 'layer 0: a', 'layer 1: b']);
    expect(result.value).toEqual({
      edges: [['a', 'b']],
      layers: [['a'], ['b']],
      cycles: [],
      blocked: [],
      unresolved: [],
    });
  });

  it('runs the cells in dependency order, whatever the document order', () => {
    const result = run(
      '{"cells":[{"id":"total","code":"price * qty"},{"id":"qty","code":"input.qty"},{"id":"price","specialConfig":{"code":"12.5"}}]}\nRUN',
      { qty: 4 },
    );
    expect(result.output).toEqual(['price = 12.5', 'qty = 4', 'total = 50']);
    expect(result.value).toEqual({ price: 12.5, qty: 4, total: 50 });
  });

  it('prints an empty graph for a grid whose cells live only in props, and still runs their code', () => {
    const source =
      '{"cells":[{"id":"a","props":{"code":"2"}},{"id":"b","props":{"code":"a * 21","title":"answer"}}]}';
    expect(run(`${source}\nGRAPH`).output).toEqual([]);
    expect(run(`${source}\nRUN`).output).toEqual(['a (props) = 2', 'b (props) = 42']);
  });

  it('evaluates one cell and what it needs with CELL', () => {
    const result = run(`${example.replace(']}', ',{"id":"c","code":"len(\\"unused\\")"}]}')}\nCELL b`);
    expect(result.output).toEqual(['b = 42']);
    expect(run(`${example}\nCELL zz`).error).toMatchObject({
      code: 'E_NAME',
      message: 'there is no cell "zz"',
      line: 2,
    });
  });

  it('lists cycles and unresolved names, sorted, and refuses to RUN them', () => {
    const source = [
      'cells:',
      '  - id: y',
      '    code: x + 1',
      '  - id: x',
      '    code: y + 1',
      '  - id: w',
      '    code: nowhere * 2',
    ].join('\n');
    expect(run(`${source}\nGRAPH`).output).toEqual([
      'x -> y',
      'y -> x',
      'layer 0: w',
      'cycle: x -> y -> x',
      'unresolved: w uses nowhere',
    ]);
    expect(run(`${source}\nRUN`).error).toMatchObject({
      code: 'E_CYCLE',
      message: 'the cells form a cycle: x -> y -> x',
      line: 5,
      column: 11,
    });
    expect(
      run(`${source.split('\n').slice(0, 1).concat(source.split('\n').slice(5)).join('\n')}\nRUN`).error,
    ).toMatchObject({
      code: 'E_NAME',
      line: 3,
      column: 11,
    });
  });

  it('refuses action cells with E_BRIDGE_MISSING but can still GRAPH them', () => {
    const source =
      '{"cells":[{"id":"topic","code":"\\"owls\\""},{"id":"ideas","specialConfig":{"kind":"action:dream","code":"topic"}}]}';
    expect(run(`${source}\nGRAPH`).output).toEqual(['topic -> ideas', 'layer 0: topic', 'layer 1: ideas']);
    const result = run(`${source}\nRUN`);
    expect(result.error).toMatchObject({
      code: 'E_BRIDGE_MISSING',
      message: expect.stringMatching(/action:dream/),
    });
    expect(result.output).toEqual(['topic = owls']);
  });

  it('runs an action cell through the tools bridge with the arguments its code computes', () => {
    const calls: unknown[] = [];
    const bridges = {
      available: new Set(['tools'] as const),
      call(bridge: string, method: string, args: unknown) {
        calls.push({ bridge, method, args });
        const { name } = args as { name: string };
        return name === 'dream'
          ? { ok: true, result: { status: 'done', topic: 'owls' } }
          : { ok: false, error: { code: 'CAP_NOT_FOUND', message: `No capability ${name}.` } };
      },
    };
    const grid = (kind: string, code: string) =>
      `{"cells":[{"id":"topic","code":"\\"owls\\""},{"id":"ideas","specialConfig":{"kind":"${kind}","code":"${code}"}},{"id":"done","code":"ideas.status"}]}\nRUN`;
    const result = executeScript(
      { mode: 'lmg', source: grid('action:dream', '{topic: topic}') },
      { bridges },
    );
    expect(result.output).toEqual(['topic = owls', 'ideas = {status: "done", topic: "owls"}', 'done = done']);
    expect(calls).toEqual([
      { bridge: 'tools', method: 'use', args: { name: 'dream', args: { topic: 'owls' } } },
    ]);
    const failed = executeScript({ mode: 'lmg', source: grid('action:nope.tool', '{}') }, { bridges });
    expect(failed.error).toMatchObject({
      code: 'E_BRIDGE_FAILED',
      message: expect.stringContaining('CAP_NOT_FOUND'),
    });
    const notMap = executeScript({ mode: 'lmg', source: grid('action:dream', 'topic') }, { bridges });
    expect(notMap.error).toMatchObject({ code: 'E_RUNTIME', message: expect.stringContaining('as a map') });
  });

  it('points syntax errors in cell code at their place in the document', () => {
    const result = run('cells:\n  - id: a\n    code: 1 +\n  - id: b\n    code: "(2"');
    expect(result.error?.diagnostics?.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      '3:14 E_PARSE',
      '5:14 E_PARSE',
    ]);
  });

  it('keeps runtime errors inside the cell that failed', () => {
    expect(run('{"cells":[{"id":"a","code":"1 / 0"}]}').error).toMatchObject({
      code: 'E_RUNTIME',
      message: 'division by zero',
      line: 1,
    });
  });
});
