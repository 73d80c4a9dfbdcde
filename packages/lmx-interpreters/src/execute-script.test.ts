import { describe, expect, it } from 'vitest';
import { describeLanguages } from './availability.js';
import { checkScript, executeScript } from './execute-script.js';

const run = (source: string, input?: unknown) => executeScript({ mode: 'lmx', source, input });

describe('one numeric semantics', () => {
  it.each([
    ['1/0', 'division by zero'],
    ['0/0', 'division by zero'],
    ['5 % 0', 'division by zero'],
    ['10 ^ 400', 'number out of range'],
  ])('%s is E_RUNTIME %s', (expression, message) => {
    expect(run(`print ${expression}`).error).toMatchObject({
      code: 'E_RUNTIME',
      message,
      line: 1,
      column: 7,
    });
  });

  it('never shows -0, and prints 0.1 + 0.2 as 0.3', () => {
    expect(run('print -0, 0 * -1, 0.1 + 0.2, -7 % 3').output).toEqual(['0 0 0.3 -1']);
  });
});

describe('the value model', () => {
  it('treats __proto__, constructor, prototype and toString as ordinary map keys', () => {
    const result = run(
      'let m = {__proto__: 1, constructor: 2}\nm.prototype = 3\nprint m.__proto__, m.constructor, m.prototype, m?.toString\nreturn m',
    );
    expect(result.output).toEqual(['1 2 3 null']);
    expect(Object.getPrototypeOf(result.value)).toBe(null);
    expect(Object.keys(result.value as object)).toEqual(['__proto__', 'constructor', 'prototype']);
  });

  it('gives no way from a value to a host object', () => {
    expect(run('let f = len\nprint f.constructor').error).toMatchObject({
      code: 'E_RUNTIME',
      message: 'cannot read field "constructor" of function',
    });
    expect(run('print [].constructor').error?.code).toBe('E_RUNTIME');
    expect(run('print "x".constructor.constructor').error?.code).toBe('E_RUNTIME');
  });

  it('reads input as script values', () => {
    expect(
      run('print input.user.name, len(input.tags)', { user: { name: 'Ada' }, tags: ['a', 'b'] }).output,
    ).toEqual(['Ada 2']);
  });
});

describe('limits', () => {
  it('stops an endless loop with E_LIMIT_STEPS', () => {
    expect(
      executeScript({ mode: 'lmx', source: 'while true\nend', limits: { steps: 1000 } }).error?.code,
    ).toBe('E_LIMIT_STEPS');
  });

  it('stops deep recursion with E_LIMIT_DEPTH', () => {
    expect(run('fn f(n) return f(n + 1) end\nf(0)').error?.code).toBe('E_LIMIT_DEPTH');
  });

  it('stops string doubling with E_LIMIT_STRING', () => {
    expect(run('let s = "x"\nwhile true s = s + s end').error?.code).toBe('E_LIMIT_STRING');
  });

  it('stops huge ranges and sorts', () => {
    expect(run('let r = range(1e9)').error?.code).toBe('E_LIMIT_LIST');
    expect(
      executeScript({ mode: 'lmx', source: 'print sort(range(50))', limits: { sortSize: 10 } }).error?.code,
    ).toBe('E_LIMIT_SORT');
  });

  it('stops an output flood with E_LIMIT_OUTPUT and keeps what was printed', () => {
    const result = executeScript({
      mode: 'lmx',
      source: 'while true print "x" end',
      limits: { outputLines: 5 },
    });
    expect(result.error?.code).toBe('E_LIMIT_OUTPUT');
    expect(result.output).toHaveLength(5);
  });

  it('refuses source over the source limit', () => {
    expect(run(`print "${'a'.repeat(300_000)}"`).error?.code).toBe('E_LIMIT_SOURCE');
  });
});

describe('the catalogue', () => {
  it('knows all sixteen modes and says which bridge a bridged mode lacks', () => {
    const modes = describeLanguages();
    expect(modes).toHaveLength(16);
    expect(modes.find((mode) => mode.id === 'lmx')).toMatchObject({ available: true });
    expect(modes.find((mode) => mode.id === 'lmq')).toMatchObject({
      available: false,
      code: 'E_BRIDGE_MISSING',
    });
    expect(executeScript({ mode: 'lmai', source: 'ASK auto "x" -> y' }).error).toMatchObject({
      code: 'E_BRIDGE_MISSING',
      message: expect.stringContaining('"ai" bridge'),
    });
    expect(executeScript({ mode: 'nope', source: '' }).error?.message).toMatch(/there is no mode "nope"/);
  });

  it('checks without running and reports every syntax error', () => {
    const result = checkScript({ mode: 'lmx', source: 'let = 1\nprint 1 +\nwhile true print "never"' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((item) => `${item.line}:${item.column} ${item.code}`)).toEqual([
      '1:5 E_PARSE',
      '2:10 E_PARSE',
      '3:25 E_PARSE',
    ]);
  });
});
