import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PETSTORE, runInProcess } from '../../testing/run-in-process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('svc spec markdown', () => {
  it('prints a Markdown reference to stdout', async () => {
    const run = await runInProcess(['spec', 'markdown', PETSTORE]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^# Pet Store\n/);
    expect(run.stdout).toContain('GET /pets');
    expect(run.stdout.endsWith('\n')).toBe(true);
  });

  it('writes the Markdown to a file with -o and confirms it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
    dirs.push(dir);
    const run = await runInProcess(['spec', 'markdown', PETSTORE, '-o', 'api.md'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('✓ wrote api.md\n');
    const written = readFileSync(join(dir, 'api.md'), 'utf8');
    const printed = await runInProcess(['spec', 'markdown', PETSTORE]);
    expect(written).toBe(printed.stdout);
  });

  it('reads stdin and exits 2 when it is not a spec', async () => {
    const run = await runInProcess(['spec', 'markdown', '-'], { stdin: '[1, 2' });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('SPEC_PARSE_ERROR');
  });

  it('exits 2 when the output cannot be written', async () => {
    const run = await runInProcess([
      'spec',
      'markdown',
      PETSTORE,
      '-o',
      join(tmpdir(), 'no-such-dir-svc', 'x', 'a.md'),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot write');
  });
});
