import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

const run = (source: string) => executeScript({ mode: 'lmx', source });

describe('lmx reaches what a user reaches for next', () => {
  it('nests calls deeper than 200: a recursive sum to 250 runs, and the depth stays bounded', () => {
    const sum = 'fn sum(n) if n == 0 return 0 end return n + sum(n - 1) end\n';
    expect(run(`${sum}print sum(250)`).output).toEqual(['31375']);
    const deep = run(`${sum}print sum(5000)`);
    expect(deep.error).toMatchObject({ code: 'E_LIMIT_DEPTH', message: 'calls nested more than 1000 deep' });
  });

  it('counts code points in len, slice, index and index_of, so an emoji is never split', () => {
    const source = [
      'let s = "a😀b"',
      'print len(s), slice(s, 1, 2), s[1], s[2], index_of(s, "b")',
      'print index_of([1, [2], 3], [2]), index_of([1], 9)',
    ].join('\n');
    expect(run(source).output).toEqual(['3 😀 😀 b 2', '1 -1']);
  });

  it('deletes a map key, pads and formats', () => {
    const source = [
      'let m = {a: 1, b: 2}',
      'print delete(m, "a"), delete(m, "zz"), m',
      'print pad_left(7, 3, "0"), pad_right("ab", 4) + "|", pad_left("😀", 2, "*"), fixed(2 / 3, 2)',
    ].join('\n');
    expect(run(source).output).toEqual(['1 null {b: 2}', '007 ab  | *😀 0.67']);
  });

  it('says which argument of pad_left has the wrong type and what it got', () => {
    expect(run('print pad_left("a", "3")').error?.message).toBe(
      'pad_left expects a whole number as argument 2 but got string',
    );
  });
});

describe('lmx try/catch and multi-line strings', () => {
  it('catches a runtime error with its code, message and position, and goes on', () => {
    const source = [
      'fn risky(n) return 10 / n end',
      'try',
      '  print risky(2)',
      '  print risky(0)',
      '  print "not reached"',
      'catch e',
      '  print e.code, e.message, e.line',
      'end',
      'try error("custom") catch problem print problem.message end',
      'print "after"',
    ].join('\n');
    expect(run(source).output).toEqual(['5', 'E_RUNTIME division by zero 1', 'custom', 'after']);
  });

  it('never catches a limit: the run still ends with it', () => {
    const source = 'fn down(n) return down(n + 1) end\ntry down(0) catch e print "caught" end';
    expect(run(source).error?.code).toBe('E_LIMIT_DEPTH');
    expect(run(source).output).toEqual([]);
  });

  it('reports a try without catch', () => {
    expect(run('try print 1 end').error?.message).toBe(
      'expected "catch" in "try" from line 1 but found name "end"',
    );
  });

  it('reads a triple-quoted string across lines, with templates', () => {
    const source = ['let who = "Ada"', 'print """', 'Dear {{who}},', '  "thanks"', '"""'].join('\n');
    expect(run(source).output).toEqual(['Dear Ada,\n  "thanks"\n']);
    expect(run('print """open').error?.message).toBe(
      'expected """ to close the string from line 1 but found end of input',
    );
  });
});

describe('functions made only of guards and a return', () => {
  it('take the guards in order with lmx truthiness, and count their calls as steps', () => {
    const source = [
      'fn classify(n)',
      '  if n == 0 return "zero" end',
      '  if n % 2 return "odd" end',
      '  if "" return "never" end',
      '  return "even"',
      'end',
      'print map([0, 1, 2], classify)',
      'fn fib(n) if n < 2 return n end return fib(n - 1) + fib(n - 2) end',
      'print fib(20)',
    ].join('\n');
    expect(run(source).output).toEqual(['["zero", "odd", "even"]', '6765']);
    const limited = executeScript({
      mode: 'lmx',
      source: 'fn f(n) if n < 1 return 0 end return f(n - 1) end\nf(500)',
      limits: { steps: 100 },
    });
    expect(limited.error?.code).toBe('E_LIMIT_STEPS');
  });
});
