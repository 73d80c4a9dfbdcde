import { describe, expect, it } from 'vitest';
import type { BridgeCaller } from '../../core/run-context.js';
import { executeScript } from '../../execute-script.js';

const run = (source: string, input?: unknown) => executeScript({ mode: 'lmx', source, input });

describe('lmx, general logic', () => {
  it('runs variables, if/elif/else, while, for and print', () => {
    const source = [
      'let total = 0',
      'for n in [1, 2, 3] total = total + n end',
      'let i = 0',
      'while i < 3',
      '  i = i + 1',
      'end',
      'if total > 10',
      '  print "big"',
      'elif total == 6',
      '  print "six", i',
      'else',
      '  print "small"',
      'end',
    ].join('\n');
    expect(run(source).output).toEqual(['six 3']);
  });

  it('accepts upper-case keywords and else if', () => {
    expect(run('LET x = 2\nIF x == 1 PRINT "one" ELSE IF x == 2 PRINT "two" END').output).toEqual(['two']);
  });

  it('defines functions in any order, with recursion, closures and early return', () => {
    const source = [
      'print twice(fib(10))',
      'fn fib(n)',
      '  if n < 2 return n end',
      '  return fib(n - 1) + fib(n - 2)',
      'end',
      'fn twice(x) return x * 2 end',
      'fn counter()',
      '  let count = 0',
      '  return fn() count = count + 1 return count end',
      'end',
      'let next = counter()',
      'next()',
      'print next()',
    ].join('\n');
    expect(run(source).output).toEqual(['110', '2']);
  });

  it('breaks and continues loops without leaking out of functions', () => {
    const source =
      'let seen = []\nfor n in range(10)\n if n % 2 == 0 continue end\n if n > 6 break end\n push(seen, n)\nend\nprint seen';
    expect(run(source).output).toEqual(['[1, 3, 5]']);
  });

  it('loops over strings by character and maps by key, and assigns into lists and maps', () => {
    const source =
      'let m = {a: 1}\nm.b = 2\nm["c"] = 3\nlet l = [0, 0]\nl[1] = 9\nlet s = ""\nfor k in m s = s + k end\nfor ch in "hé" print ch end\nprint s, l';
    expect(run(source).output).toEqual(['h', 'é', 'abc [0, 9]']);
  });

  it('fills templates from input and returns a value', () => {
    const result = run(
      'print "Hello {{input.name}}, you have {{len(input.items)}} items"\nreturn input.items[0]',
      {
        name: 'Ada',
        items: ['x'],
      },
    );
    expect(result).toMatchObject({ ok: true, output: ['Hello Ada, you have 1 items'], value: 'x' });
  });

  it('refuses adapter() without the adapters bridge, naming it', () => {
    expect(run('print adapter("activity-pages.listKinds", {})').error).toMatchObject({
      code: 'E_BRIDGE_MISSING',
      message: 'lmx needs the "adapters" bridge, which this host does not provide',
      line: 1,
      column: 7,
    });
  });

  it('calls adapter() through a bridge when the host gives one, as JSON both ways', () => {
    const calls: unknown[] = [];
    const bridges: BridgeCaller = {
      available: new Set(['adapters']),
      call(bridge, method, args) {
        calls.push({ bridge, method, args });
        return { kinds: ['maze', 'sudoku'] };
      },
    };
    const result = executeScript(
      { mode: 'lmx', source: 'print adapter("pages.listKinds", {page: 1}).kinds' },
      { bridges },
    );
    expect(result.output).toEqual(['["maze", "sudoku"]']);
    expect(calls).toEqual([
      { bridge: 'adapters', method: 'call', args: { name: 'pages.listKinds', args: { page: 1 } } },
    ]);
  });

  it('reports runtime errors with their position and keeps earlier output', () => {
    const result = run('print "before"\nlet xs = [1]\nprint xs[3]');
    expect(result).toMatchObject({ ok: false, output: ['before'] });
    expect(result.error).toMatchObject({
      code: 'E_RUNTIME',
      message: 'index 3 is out of range (length 1)',
      line: 3,
      column: 7,
    });
  });

  it('reports several syntax errors at once, saying what was expected and what was found', () => {
    const result = run('let = 1\nif x > 1\n  print 1 +\nfn f(a, a) end\nwhile true');
    expect(result.error?.diagnostics?.map((item) => `${item.line}:${item.column} ${item.message}`)).toEqual([
      '1:5 expected a variable name after "let" but found "="',
      '3:12 expected an expression but found end of line',
      '4:9 parameter "a" is listed twice',
      '5:11 expected "end" to close "while" from line 5 but found end of input',
      '5:11 expected "end" to close "if" from line 2 but found end of input',
    ]);
  });

  it('reports unknown names before running anything', () => {
    const result = run('print "never"\nprint totl');
    expect(result).toMatchObject({ ok: false, output: [] });
    expect(result.error).toMatchObject({ code: 'E_NAME', message: 'unknown name "totl"', line: 2 });
  });
});
