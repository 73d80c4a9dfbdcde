import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BridgeError } from '../ports/script-bridges.js';
import { createScriptRunner } from './script-runner.js';

const runner = createScriptRunner({
  poolSize: 1,
  maxWorkers: 3,
  maxLimits: { steps: 1e12, listSize: 1e9, stringLength: 1e9, memoryMb: 48, timeMs: 10_000 },
});
afterAll(() => runner.close());

describe('the sandboxed script runner', () => {
  it('runs a script in a worker and reuses the warm worker for the next run', async () => {
    const first = await runner.run({ mode: 'lmx', source: 'print 1 + 2' });
    expect(first).toMatchObject({ ok: true, mode: 'lmx', output: ['3'] });
    const started = runner.stats().started;
    const second = await runner.run({ mode: 'lmy', source: 'a: 2\nb: a * 21', input: { unused: true } });
    expect(second).toMatchObject({ ok: true, output: ['a: 2', 'b: 42'], value: { a: 2, b: 42 } });
    expect(runner.stats().started).toBe(started);
  });

  it('terminates an endless loop at the wall-clock bound and never reuses that worker', async () => {
    const discarded = runner.stats().discarded;
    const result = await runner.run({
      mode: 'lmx',
      source: 'while true end',
      limits: { timeMs: 300, steps: 1e12 },
    });
    expect(result.error).toMatchObject({ code: 'E_LIMIT_TIME', message: 'the run took longer than 300 ms' });
    expect(runner.stats().discarded).toBe(discarded + 1);
    expect((await runner.run({ mode: 'lmx', source: 'print "alive"' })).output).toEqual(['alive']);
  });

  it('keeps the lines printed before the watchdog terminated the run', async () => {
    const source = 'print "started"\nprint "still going"\nwhile true end';
    const result = await runner.run({ mode: 'lmx', source, limits: { timeMs: 300, steps: 1e12 } });
    expect(result.error?.code).toBe('E_LIMIT_TIME');
    expect(result.output).toEqual(['started', 'still going']);
  });

  it('discards a worker that hit a step limit', async () => {
    const discarded = runner.stats().discarded;
    const result = await runner.run({ mode: 'lmx', source: 'while true end', limits: { steps: 1000 } });
    expect(result.error?.code).toBe('E_LIMIT_STEPS');
    expect(runner.stats().discarded).toBe(discarded + 1);
  });

  it('ends a run that exhausts the worker heap with E_LIMIT_MEMORY', async () => {
    const source = 'let keep = []\nlet s = "0123456789"\nwhile true push(keep, s + len(keep)) end';
    const result = await runner.run({
      mode: 'lmx',
      source,
      limits: { timeMs: 10_000, steps: 1e12, listSize: 1e9 },
    });
    expect(result.error?.code).toBe('E_LIMIT_MEMORY');
    expect((await runner.run({ mode: 'lmx', source: 'print "next"' })).output).toEqual(['next']);
  });

  it.runIf(existsSync('/proc/thread-self'))(
    'runs its workers at a lower CPU priority than the host thread (nice 10 on Linux)',
    async () => {
      await runner.run({ mode: 'lmx', source: 'print 1' });
      const niceOf = (task: string): number => {
        const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      };
      const tasks = readdirSync('/proc/self/task');
      expect(niceOf(String(process.pid))).toBe(0);
      // Every pool worker is a thread of this process with nice 10.
      expect(tasks.filter((task) => niceOf(task) === 10).length).toBeGreaterThanOrEqual(
        runner.stats().workers,
      );
    },
  );

  it('runs several scripts at once on several workers', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => runner.run({ mode: 'lmm', source: `x = ${n}\nx * x` })),
    );
    expect(results.map((result) => result.output[1])).toEqual(['1', '4', '9', '16', '25']);
  });

  it('refuses input that is not JSON data with E_INPUT instead of throwing', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await runner.run({ mode: 'lmx', source: 'print 1', input: cyclic })).error?.code).toBe('E_INPUT');
    expect((await runner.run({ mode: 'lmx', source: 'print 1', input: 10n })).error?.code).toBe('E_INPUT');
    expect((await runner.run({ mode: 'lmx', source: 'print input', input: () => 1 })).output).toEqual([
      'null',
    ]);
  });

  it('answers modes that cannot run without starting a worker', async () => {
    expect((await runner.run({ mode: 'lmq', source: 'FROM x' })).error?.code).toBe('E_BRIDGE_MISSING');
    expect((await runner.run({ mode: 'nope', source: '' })).error?.message).toMatch(
      /there is no mode "nope"/,
    );
  });
});

describe('bridges through the runner', () => {
  it('serves adapter() from the host by message passing', async () => {
    const seen: unknown[] = [];
    const result = await runner.run({
      mode: 'lmx',
      source: 'let kinds = adapter("activity-pages.listKinds", {})\nprint kinds.kinds[1]',
      bridges: {
        adapters: {
          call: async (request) => {
            seen.push(request);
            return { kinds: ['maze', 'sudoku'] };
          },
        },
      },
    });
    expect(result).toMatchObject({ ok: true, output: ['sudoku'] });
    expect(seen).toEqual([{ name: 'activity-pages.listKinds', args: {} }]);
  });

  it('hides host error details unless the bridge means them for the script', async () => {
    const failing = await runner.run({
      mode: 'lmx',
      source: 'adapter("x.y")',
      bridges: { adapters: { call: async () => Promise.reject(new Error('password=hunter2 at db.ts:12')) } },
    });
    expect(failing.error).toMatchObject({ code: 'E_BRIDGE_FAILED', message: 'the "adapters" bridge failed' });
    const meant = await runner.run({
      mode: 'lmx',
      source: 'adapter("x.y")',
      bridges: { adapters: { call: async () => Promise.reject(new BridgeError('no adapter "x.y"')) } },
    });
    expect(meant.error).toMatchObject({ code: 'E_BRIDGE_FAILED', message: 'no adapter "x.y"' });
  });

  it('counts bridge calls against the limit', async () => {
    const result = await runner.run({
      mode: 'lmx',
      source: 'for i in range(10) adapter("x.y") end',
      limits: { bridgeCalls: 3 },
      bridges: { adapters: { call: async () => 1 } },
    });
    expect(result.error?.code).toBe('E_LIMIT_CALLS');
  });

  it('aborts pending host work when a run ends while a bridge call is outstanding', async () => {
    let aborted = false;
    const result = await runner.run({
      mode: 'lmx',
      source: 'adapter("slow.call")',
      limits: { timeMs: 400 },
      bridges: {
        adapters: {
          call: (_request, { signal }) =>
            new Promise((resolve) => {
              signal.addEventListener('abort', () => {
                aborted = true;
                resolve(null);
              });
            }),
        },
      },
    });
    expect(result.error?.code).toBe('E_LIMIT_TIME');
    expect(aborted).toBe(true);
  });
});

describe('cancelling a run', () => {
  // One worker, so a second run waits in line behind the first.
  const single = createScriptRunner({
    poolSize: 0,
    maxWorkers: 1,
    maxLimits: { steps: 1e12, timeMs: 120_000 },
  });
  afterAll(() => single.close());
  it('drops a waiting run from the line, and terminates a running one, each answering E_CANCELLED at once', async () => {
    const first = new AbortController();
    let started = false;
    const running = single.run({
      mode: 'lmx',
      source: 'adapter("mark.started", {})\nwhile true end',
      limits: { steps: 1e12, timeMs: 120_000 },
      signal: first.signal,
      bridges: {
        adapters: {
          call: async () => {
            started = true;
            return null;
          },
        },
      },
    });
    await expect.poll(() => started, { timeout: 30_000 }).toBe(true);
    const ran: unknown[] = [];
    const second = new AbortController();
    const waiting = single.run({
      mode: 'lmx',
      source: 'adapter("mark.ran", {})',
      signal: second.signal,
      bridges: { adapters: { call: async (request) => ran.push(request) } },
    });
    await expect.poll(() => single.stats().queued).toBe(1);

    second.abort();
    expect((await waiting).error).toMatchObject({
      code: 'E_CANCELLED',
      message: 'the run was cancelled before it started (it was waiting for a worker)',
    });
    expect(single.stats().queued).toBe(0);

    // Without the signal reaching the worker this would run for two minutes.
    const discarded = single.stats().discarded;
    first.abort();
    expect((await running).error).toMatchObject({
      code: 'E_CANCELLED',
      message: 'the run was cancelled while it ran',
    });
    expect(single.stats().discarded).toBe(discarded + 1);

    // The next run gets the (new) worker; the cancelled one never ran.
    expect((await single.run({ mode: 'lmx', source: 'print "next"' })).output).toEqual(['next']);
    expect(ran).toEqual([]);
  });

  it('answers a run whose signal is already aborted without using a worker', async () => {
    const started = single.stats().started;
    const result = await single.run({ mode: 'lmx', source: 'print 1', signal: AbortSignal.abort() });
    expect(result.error?.code).toBe('E_CANCELLED');
    expect(single.stats().started).toBe(started);
  });
});
