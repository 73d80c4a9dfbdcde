import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { isEngineMissing, readDemos, readInterpreters, readRefusal, readRunResult } from './script-api';

describe('reading the script engine answers (shapes of issue 12 and the design sheet)', () => {
  it('reads the interpreter catalogue with availability and reasons', () => {
    expect(
      readInterpreters({
        interpreters: [
          { mode: 'lmx', title: 'General logic', available: true },
          { id: 'lms', available: false, reason: 'Host modes need an admin and SVC_LMX_HOST_MODES.' },
          { available: true },
        ],
      }),
    ).toEqual([
      { mode: 'lmx', title: 'General logic', available: true },
      {
        mode: 'lms',
        title: 'lms',
        available: false,
        reason: 'Host modes need an admin and SVC_LMX_HOST_MODES.',
      },
    ]);
    expect(
      readInterpreters([
        { mode: 'lmm', available: false, reason: { code: 'E_NOT_AVAILABLE', message: 'Not built yet.' } },
      ]),
    ).toEqual([{ mode: 'lmm', title: 'lmm', available: false, reason: 'Not built yet.' }]);
  });

  it('reads demos with their source', () => {
    expect(readDemos({ demos: [{ mode: 'lmx', name: 'sum', source: 'print 1' }, { mode: 'lmm' }] })).toEqual([
      { mode: 'lmx', name: 'sum', source: 'print 1' },
    ]);
  });

  it('reads a successful run', () => {
    expect(readRunResult({ ok: true, mode: 'lmx', output: ['6'], value: 6, durationMs: 3 }, 'lmx')).toEqual({
      ok: true,
      mode: 'lmx',
      output: ['6'],
      value: 6,
      diagnostics: [],
      durationMs: 3,
    });
  });

  it('collects every diagnostic of a failed run, sorted by position', () => {
    const result = readRunResult(
      {
        result: {
          ok: false,
          mode: 'lmx',
          output: [],
          error: {
            code: 'E_PARSE',
            message: 'Expected "end", found end of input.',
            line: 4,
            column: 1,
            diagnostics: [
              { code: 'E_PARSE', message: 'Expected "end", found end of input.', line: 4, column: 1 },
              { code: 'E_PARSE', message: 'Expected an expression, found ")".', line: 2, column: 9 },
            ],
          },
        },
      },
      'lmx',
    );
    expect(result.ok).toBe(false);
    expect(result.error).toEqual({
      code: 'E_PARSE',
      message: 'Expected "end", found end of input.',
      line: 4,
      column: 1,
    });
    expect(result.diagnostics.map((d) => [d.line, d.column])).toEqual([
      [2, 9],
      [4, 1],
    ]);
  });

  it('reads diagnostics from a 400 refusal, and knows a server without the engine', () => {
    const refusal = new ApiError(400, {
      code: 'LMX_SYNTAX',
      message: 'The script has 1 syntax error.',
      details: { diagnostics: [{ code: 'E_PARSE', message: 'Unexpected "=".', line: 3, column: 7 }] },
    });
    expect(readRefusal(refusal, 'lmx')?.diagnostics).toEqual([
      { code: 'E_PARSE', message: 'Unexpected "=".', line: 3, column: 7 },
    ]);
    expect(
      readRefusal(new ApiError(400, { code: 'SERVER_VALIDATION', message: 'x' }), 'lmx'),
    ).toBeUndefined();
    expect(
      isEngineMissing(
        new ApiError(404, { code: 'SERVER_NOT_FOUND', message: 'No route for GET /api/lmx/interpreters.' }),
      ),
    ).toBe(true);
    expect(isEngineMissing(new ApiError(404, { code: 'GATE_NOT_FOUND', message: 'x' }))).toBe(false);
  });
});
