import { describe, expect, it } from 'vitest';
import type { BridgeCaller } from '../../core/run-context.js';
import { executeScript } from '../../execute-script.js';

/** A host bridge that records each call and answers like the server's host session would. */
function recordingHost(answers: Record<string, unknown> = {}) {
  const calls: [string, unknown][] = [];
  const bridges: BridgeCaller = {
    available: new Set(['host']),
    call(_bridge, method, args) {
      calls.push([method, args]);
      return answers[method] ?? null;
    },
  };
  return { calls, bridges };
}

const commandAnswer = {
  exitCode: 2,
  signal: null,
  stdout: 'one\ntwo\n',
  stderr: 'warn\n',
  timedOut: false,
  truncated: false,
  durationMs: 3,
};

describe('the host modes on lmx', () => {
  it('lms: RUN prints what the command did, RUN … -> var keeps the answer, lmx statements around it', () => {
    const host = recordingHost({ run: commandAnswer });
    const result = executeScript(
      {
        mode: 'lms',
        source:
          'RUN "ls -l"\nRUN "grep -c x" -> out\nif out.exitCode != 0\n  print "failed with", out.exitCode\nend',
      },
      { bridges: host.bridges },
    );
    expect(result.output).toEqual(['one', 'two', 'stderr: warn', 'exit 2', 'failed with 2']);
    expect(host.calls).toEqual([
      ['run', { command: 'ls -l' }],
      ['run', { command: 'grep -c x' }],
    ]);
  });

  it('lmk: TYPE, KEY with a bare combination, CLICK and MOVE', () => {
    const host = recordingHost();
    const result = executeScript(
      { mode: 'lmk', source: 'TYPE "hello"\nKEY ctrl+s\nkey Return\nCLICK 10 20 3\nMOVE 5, 6' },
      { bridges: host.bridges },
    );
    expect(result.ok).toBe(true);
    expect(host.calls).toEqual([
      ['type', { text: 'hello' }],
      ['key', { combo: 'ctrl+s' }],
      ['key', { combo: 'Return' }],
      ['pointer', { x: 10, y: 20, button: 3 }],
      ['pointer', { x: 5, y: 6 }],
    ]);
  });

  it('lmd: WINDOWS lists, SCREENSHOT names its file per run', () => {
    const host = recordingHost({
      windows: [{ id: 7, title: 'notes', x: 1, y: 2, width: 30, height: 40 }],
      screenshot: { file: 'screenshot-1.png', bytes: 99 },
    });
    const result = executeScript(
      { mode: 'lmd', source: 'WINDOWS\nSCREENSHOT\nSCREENSHOT "desk.png" -> shot\nprint shot.bytes' },
      { bridges: host.bridges },
    );
    expect(result.output).toEqual(['7 "notes" 30x40+1+2', 'screenshot screenshot-1.png (99 bytes)', '99']);
    expect(host.calls.filter(([method]) => method === 'screenshot')).toEqual([
      ['screenshot', { name: 'screenshot-1.png' }],
      ['screenshot', { name: 'desk.png' }],
    ]);
  });

  it('lmnet: GET, POST with a JSON body, DNS and PORT', () => {
    const host = recordingHost({
      http: {
        status: 200,
        headers: {},
        body: 'ok',
        truncated: false,
        url: 'http://127.0.0.1/',
        redirects: 0,
      },
      dns: ['127.0.0.1'],
      port: 'open',
    });
    const result = executeScript(
      {
        mode: 'lmnet',
        source:
          'GET "http://127.0.0.1/"\nPOST "http://127.0.0.1/" {a: 1} -> r\nprint r.status\nDNS "localhost"\nPORT "127.0.0.1" 80',
      },
      { bridges: host.bridges },
    );
    expect(result.output).toEqual(['200', 'ok', '200', '127.0.0.1', 'open']);
    expect(host.calls[1]).toEqual([
      'http',
      { method: 'POST', url: 'http://127.0.0.1/', body: '{"a":1}', contentType: 'application/json' },
    ]);
  });

  it('refuses a host mode without the host bridge, naming it', () => {
    const result = executeScript({ mode: 'lms', source: 'RUN "uname"' });
    expect(result.error).toMatchObject({
      code: 'E_BRIDGE_MISSING',
      message: expect.stringContaining('"host"'),
    });
  });

  it('reports verbs without their operands as syntax errors, several at once', () => {
    const result = executeScript({ mode: 'lms', source: 'RUN\nprint 1\nRUN "x" ->' });
    expect(result.error?.diagnostics?.map((d) => [d.code, d.line])).toEqual([
      ['E_PARSE', 1],
      ['E_PARSE', 3],
    ]);
  });
});

describe('lmt timers', () => {
  it('waits, repeats with tick and stays inside the time bound', () => {
    const result = executeScript({
      mode: 'lmt',
      source:
        'SLEEP 20ms\nAFTER 10 ms DO print "after" END\nEVERY 10ms TIMES 3 DO print tick END\nprint elapsed() >= 50',
    });
    // AFTER does not block: its block runs during EVERY's first wait (20 + 10 ms), and the
    // three waits of EVERY end at 20 + 30 ms.
    expect(result.output).toEqual(['after', '0', '1', '2', 'true']);
  });

  it('refuses a wait past the time bound before it starts, and intervals under 10 ms', () => {
    const late = executeScript({ mode: 'lmt', source: 'SLEEP 2 s', limits: { timeMs: 1000 } });
    expect(late.error).toMatchObject({ code: 'E_LIMIT_TIME', line: 1 });
    expect(late.durationMs).toBeLessThan(1000);
    const spin = executeScript({ mode: 'lmt', source: 'EVERY 1ms TIMES 5 DO print 1 END' });
    expect(spin.error).toMatchObject({
      code: 'E_RUNTIME',
      message: expect.stringContaining('at least 10 ms'),
    });
    const many = executeScript({ mode: 'lmt', source: 'EVERY 10ms TIMES 100000 DO print 1 END' });
    expect(many.error?.message).toContain('from 1 to 10000');
  });
});
