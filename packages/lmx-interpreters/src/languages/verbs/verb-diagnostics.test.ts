import { describe, expect, it } from 'vitest';
import { checkScript } from '../../execute-script.js';

const problems = (mode: string, source: string) =>
  checkScript({ mode, source }).diagnostics.map(
    (problem) => `${problem.line}:${problem.column} ${problem.message}`,
  );

describe('the verb languages suggest their verbs', () => {
  it('suggests a verb for a misspelt one, alone on its line or with operands', () => {
    expect(problems('lmd', 'WINDWOS')).toEqual(['1:1 unknown name "WINDWOS" (did you mean "WINDOWS"?)']);
    expect(problems('lmk', 'CLIKC 10 20')).toEqual(['1:1 unknown statement "CLIKC" (did you mean "CLICK"?)']);
  });

  it('gives every problem found in the source a span', () => {
    const [problem] = checkScript({ mode: 'lmg', source: '{"cells": [' }).diagnostics;
    expect(problem).toMatchObject({ code: 'E_PARSE', line: 1, column: 12, endLine: 1, endColumn: 13 });
  });
});
