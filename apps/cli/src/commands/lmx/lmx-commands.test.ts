import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/run-in-process.js';

const directory = mkdtempSync(join(tmpdir(), 'svc-lmx-cli-'));
const FIB = join(directory, 'fib.lmx');
writeFileSync(
  FIB,
  'fn fib(n)\n  if n < 2 return n end\n  return fib(n - 1) + fib(n - 2)\nend\nprint fib(input.n)\n',
);
const BROKEN = join(directory, 'broken.lmx');
writeFileSync(BROKEN, 'let = 1\nprint 1 +\nwhile true\n');

describe('svc lmx run', () => {
  it('runs a file in the sandbox, taking the mode from the extension and input from --input', async () => {
    const run = await runInProcess(['lmx', 'run', FIB, '--input', '{"n": 10}']);
    expect(run).toMatchObject({ code: 0, stdout: '55\n', stderr: '' });
  });

  it('reads stdin with --mode and prints the whole result with --json', async () => {
    const run = await runInProcess(['lmx', 'run', '-', '--mode', 'lmy', '--json'], {
      stdin: 'a: 2\nb: a * 3\n',
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      mode: 'lmy',
      output: ['a: 2', 'b: 6'],
      value: { a: 2, b: 6 },
    });
  });

  it('prints a failure as file:line:col  CODE  message and the line with a caret, exits 1, keeps earlier output', async () => {
    const run = await runInProcess(['lmx', 'run', '-', '--mode', 'lmm'], { stdin: 'x = 2\nx / 0\n' });
    expect(run).toMatchObject({
      code: 1,
      stdout: 'x = 2\n',
      stderr: '<stdin>:2:1  E_RUNTIME  division by zero\n  2 | x / 0\n    | ^^^^^\n',
    });
  });

  it('shows a misspelt keyword with a caret and a did-you-mean', async () => {
    const run = await runInProcess(['lmx', 'run', '-', '--mode', 'lmx'], {
      stdin: 'let xs = [1]\nfro x in xs\n  print x\nend\n',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      '<stdin>:2:1  E_PARSE  unknown statement "fro" (did you mean "for"?)\n  2 | fro x in xs\n    | ^^^\n',
    );
  });

  it('refuses a bridge mode, naming the bridge, and unknown modes or bad input as usage errors', async () => {
    const bridge = await runInProcess(['lmx', 'run', '-', '--mode', 'lmq'], { stdin: 'FROM x' });
    expect(bridge.code).toBe(2);
    expect(bridge.stderr).toMatch(/lmq needs the "db" bridge, which the command line does not have/);
    expect((await runInProcess(['lmx', 'run', '-', '--mode', 'zzz'], { stdin: '' })).stderr).toMatch(
      /unknown mode 'zzz'/,
    );
    expect((await runInProcess(['lmx', 'run', FIB, '--input', '{'])).stderr).toMatch(
      /--input is not valid JSON/,
    );
    expect((await runInProcess(['lmx', 'run', '-'], { stdin: '' })).stderr).toMatch(/missing --mode/);
  });
});

describe('svc lmx check', () => {
  it('prints every problem as file:line:col  CODE  message with a summary and exits 1', async () => {
    const run = await runInProcess(['lmx', 'check', BROKEN]);
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      `${BROKEN}:1:5  E_PARSE  expected a variable name after "let" but found "="`,
      '  1 | let = 1',
      '    |     ^',
      `${BROKEN}:2:10  E_PARSE  expected an expression but found end of line`,
      '  2 | print 1 +',
      '    |          ^',
      `${BROKEN}:4:1  E_PARSE  expected "end" to close "while" from line 3 but found end of input`,
      `✗ ${BROKEN}: 3 problems`,
    ]);
  });

  it('exits 0 for a valid script without running it', async () => {
    const run = await runInProcess(['lmx', 'check', '-', '--mode', 'lmx'], { stdin: 'while true end' });
    expect(run).toMatchObject({ code: 0, stdout: '✓ <stdin> is valid lmx\n' });
  });
});

describe('svc lmx repl', () => {
  it('runs entries one by one, continues open blocks and forgets failed entries', async () => {
    const stdin = [
      'let total = 0',
      'for n in [1, 2, 3]',
      'total = total + n',
      'end',
      'print total',
      'print nope',
      'print total * 2',
      '.exit',
      '',
    ].join('\n');
    const run = await runInProcess(['lmx', 'repl', '--mode', 'lmx'], { stdin });
    expect(run.code).toBe(0);
    expect(run.stdout.replace(/(lmx> |\.\.\. )/g, '')).toBe('6\n12\n');
    expect(run.stderr).toBe('<repl>:6:7  E_NAME  unknown name "nope"\n  6 | print nope\n    |       ^^^^\n');
  });
});

describe('svc lmx modes', () => {
  it('lists all sixteen modes with why the unbuilt ones cannot run', async () => {
    const run = await runInProcess(['lmx', 'modes', '--json']);
    const modes = JSON.parse(run.stdout) as { id: string; available: boolean }[];
    expect(modes).toHaveLength(16);
    expect(modes.filter((mode) => mode.available).map((mode) => mode.id)).toEqual(
      expect.arrayContaining(['lmx', 'lmy', 'lmm']),
    );
  });
});
