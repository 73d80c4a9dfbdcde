import { describe, expect, it } from 'vitest';
import { checkScript } from '../../execute-script.js';

const problems = (source: string) =>
  checkScript({ mode: 'lmq', source }).diagnostics.map(
    (problem) => `${problem.line}:${problem.column} ${problem.message}`,
  );

describe('lmq reports every clause that is wrong, several per query', () => {
  it('goes on with the next clause of the line after an error, then with the next line', () => {
    expect(problems('FROM pages WHERE kind = = 1 ORDER kind LIMIT 0\nFORM pages SELECT count()')).toEqual([
      '1:25 expected an expression but found "="',
      '1:35 expected "by" but found name "kind"',
      '1:46 LIMIT takes a whole number from 1 to 5000',
      '2:1 unknown statement "FORM" (did you mean "FROM"?)',
    ]);
  });
});
