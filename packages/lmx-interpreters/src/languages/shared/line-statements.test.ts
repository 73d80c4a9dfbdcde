import { describe, expect, it } from 'vitest';
import { checkScript } from '../../execute-script.js';

const problems = (mode: string, source: string) =>
  checkScript({ mode, source }).diagnostics.map(
    (problem) => `${problem.line}:${problem.column} ${problem.message}`,
  );

describe('the line statements lmn and lmz share (LET, PRINT, IF)', () => {
  it('parse the same way in both, blaming an IF without END on the IF', () => {
    expect(problems('lmz', 'ON a DO\n  IF event.x > 1\n    PRINT 1\nEND')).toEqual([
      '4:4 expected "end" to close "ON" from line 1 but found end of input',
    ]);
    expect(problems('lmn', 'LET x = 1\nIF x > 0\n  PRINT x')).toEqual([
      '3:10 expected "end" to close "IF" from line 2 but found end of input',
    ]);
  });

  it('read a misspelt statement keyword as the keyword, with a did-you-mean', () => {
    expect(problems('lmz', 'ON order.paid DO\n  EMTI vip.notice {id: 1}\nEND')).toEqual([
      '2:3 unknown statement "EMTI" (did you mean "EMIT"?)',
    ]);
    expect(problems('lmn', 'PRNIT 1\nQUITE 22:00-07:00')).toEqual([
      '1:1 unknown statement "PRNIT" (did you mean "PRINT"?)',
      '2:1 unknown statement "QUITE" (did you mean "QUIET"?)',
    ]);
  });
});
