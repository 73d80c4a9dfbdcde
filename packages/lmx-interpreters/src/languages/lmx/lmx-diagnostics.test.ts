import { describe, expect, it } from 'vitest';
import { checkScript } from '../../execute-script.js';

const problems = (source: string) =>
  checkScript({ mode: 'lmx', source }).diagnostics.map(
    (problem) => `${problem.line}:${problem.column}-${problem.endColumn} ${problem.code} ${problem.message}`,
  );

describe('lmx explains mistakes', () => {
  it('reads a misspelt statement keyword as the keyword it is close to, and goes on', () => {
    expect(problems('let xs = [1]\nfro x in xs\n  print x\nend')).toEqual([
      '2:1-4 E_PARSE unknown statement "fro" (did you mean "for"?)',
    ]);
    expect(problems('pritn 1\nretrun 2')).toEqual([
      '1:1-6 E_PARSE unknown statement "pritn" (did you mean "print"?)',
      '2:1-7 E_PARSE unknown statement "retrun" (did you mean "return"?)',
    ]);
  });

  it('suggests builtins, aliases of them and names in scope for an unknown name', () => {
    expect(problems('print lenght([1])')).toEqual([
      '1:7-13 E_NAME unknown name "lenght" (did you mean "len"?)',
    ]);
    expect(problems('let total = 1\nprint totl')).toEqual([
      '2:7-11 E_NAME unknown name "totl" (did you mean "total"?)',
    ]);
    expect(problems('print sqr(4)')).toEqual(['1:7-10 E_NAME unknown name "sqr" (did you mean "sqrt"?)']);
    expect(problems('let x = ture')).toEqual(['1:9-13 E_NAME unknown name "ture" (did you mean "true"?)']);
  });

  it('explains words from other languages such as then', () => {
    expect(problems('let x = 2\nif x > 1 then print x end')).toEqual([
      '2:10-14 E_NAME unknown name "then" (no "then" is needed: the block starts right after the condition (if x > 1 print x end))',
    ]);
  });

  it('blames a missing end on the inner for whose end lines up with the fn, not on the fn', () => {
    const source = ['fn show(xs)', '  for x in xs', '    print x', 'end', 'show([1])'].join('\n');
    expect(problems(source)).toEqual([
      '2:3-6 E_PARSE "for" from line 2 has no "end" (the "end" on line 4 lines up with "fn" from line 1)',
    ]);
  });

  it('still blames the block itself when no end was misplaced', () => {
    expect(problems('while true\n  print 1')).toEqual([
      '2:10-10 E_PARSE expected "end" to close "while" from line 1 but found end of input',
    ]);
  });
});

describe('lmx reports syntax errors and unknown names in one check', () => {
  it('adds the unknown names of the statements that parsed, not those a failed line may declare', () => {
    const source = ['let total = 1 +', 'print totl', 'print total', 'let = 2'].join('\n');
    expect(problems(source)).toEqual([
      '1:16-1 E_PARSE expected an expression but found end of line',
      '2:7-11 E_NAME unknown name "totl"',
      '4:5-6 E_PARSE expected a variable name after "let" but found "="',
    ]);
  });
});
