import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { isEngineMissing, readCatalogue, readDemos, readRunResult } from './script-api';

// The shapes below are the server's (apps/server/src/lmx/lmx-routes.ts and its tests); the
// browser suite (apps/server/src/web/console-scripts.browser.test.ts) reads the real answers.
describe('reading the script engine answers', () => {
  it('reads the interpreter catalogue with availability and the reason a mode is closed', () => {
    expect(
      readCatalogue({
        timeMs: 5000,
        interpreters: [
          {
            id: 'lmx',
            title: 'General logic',
            purpose: 'Loops.',
            bridges: [],
            hostMode: false,
            available: true,
          },
          {
            id: 'lms',
            title: 'Shell',
            purpose: 'Commands.',
            bridges: ['host'],
            hostMode: true,
            available: false,
            code: 'E_FORBIDDEN',
            reason: 'lms is a host mode: host modes need an admin caller',
          },
        ],
      }),
    ).toEqual({
      timeMs: 5000,
      interpreters: [
        { id: 'lmx', title: 'General logic', purpose: 'Loops.', hostMode: false, available: true },
        {
          id: 'lms',
          title: 'Shell',
          purpose: 'Commands.',
          hostMode: true,
          available: false,
          code: 'E_FORBIDDEN',
          reason: 'lms is a host mode: host modes need an admin caller',
        },
      ],
    });
  });

  it('refuses a catalogue or demo list of another shape with CONSOLE_BAD_ANSWER', () => {
    for (const read of [
      () => readCatalogue([{ id: 'lmx', available: true }]),
      () => readCatalogue({ interpreters: [{ mode: 'lmx', available: true }] }),
      () => readDemos([{ id: 'a', mode: 'lmx', source: 'print 1' }]),
      () => readDemos({ demos: [{ mode: 'lmx', source: 'print 1' }] }),
      () => readRunResult({ result: { ok: true, output: [] } }),
    ])
      expect(read).toThrow(expect.objectContaining({ code: 'CONSOLE_BAD_ANSWER' }));
  });

  it('reads demos with their source and input', () => {
    expect(
      readDemos({
        demos: [
          {
            id: 'lmx-sum',
            mode: 'lmx',
            title: 'Sum',
            description: 'Adds.',
            source: 'print 1',
            input: { n: 2 },
          },
        ],
      }),
    ).toEqual([
      { id: 'lmx-sum', mode: 'lmx', title: 'Sum', description: 'Adds.', source: 'print 1', input: { n: 2 } },
    ]);
  });

  it('reads a successful run with its value, trace and usage', () => {
    expect(
      readRunResult({
        ok: true,
        mode: 'lms',
        output: ['6'],
        value: 6,
        trace: [{ action: 'run', command: 'id' }],
        usage: { stub: true, tokens: 12 },
        durationMs: 3,
      }),
    ).toEqual({
      ok: true,
      mode: 'lms',
      output: ['6'],
      value: 6,
      diagnostics: [],
      trace: [{ action: 'run', command: 'id' }],
      usage: { stub: true, tokens: 12 },
      durationMs: 3,
    });
  });

  it('collects the diagnostics of a failed check once each, sorted by position', () => {
    const first = { code: 'E_PARSE', message: 'expected a name', line: 1, column: 5 };
    const result = readRunResult({
      ok: false,
      mode: 'lmx',
      output: [],
      error: {
        ...first,
        mode: 'lmx',
        diagnostics: [
          { code: 'E_PARSE', message: 'expected ")"', line: 2, column: 8, endLine: 2, endColumn: 9 },
          first,
        ],
      },
      durationMs: 1,
    });
    expect(result.ok).toBe(false);
    expect(result.error).toEqual(first);
    expect(result.diagnostics.map((item) => [item.line, item.column, item.endColumn])).toEqual([
      [1, 5, undefined],
      [2, 8, 9],
    ]);
  });

  it('reads a runtime error without further diagnostics as one diagnostic', () => {
    const result = readRunResult({
      ok: false,
      mode: 'lmx',
      output: ['before'],
      error: {
        code: 'E_LIMIT_TIME',
        message: 'the run took longer than 400 ms',
        line: 1,
        column: 1,
        mode: 'lmx',
      },
      durationMs: 400,
    });
    expect(result.output).toEqual(['before']);
    expect(result.diagnostics).toEqual([
      { code: 'E_LIMIT_TIME', message: 'the run took longer than 400 ms', line: 1, column: 1 },
    ]);
  });

  it('knows a server without the engine', () => {
    expect(
      isEngineMissing(
        new ApiError(404, { code: 'SERVER_NOT_FOUND', message: 'No route for GET /api/lmx/interpreters.' }),
      ),
    ).toBe(true);
    expect(isEngineMissing(new ApiError(404, { code: 'GATE_NOT_FOUND', message: 'x' }))).toBe(false);
  });
});
