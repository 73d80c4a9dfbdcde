import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { runInProcess } from './testing/run-in-process.js';

const COMMANDS = ['validate', 'diff', 'endpoints', 'example', 'markdown', 'build'];

describe('the svc command line', () => {
  it('prints the package version', async () => {
    for (const flag of ['--version', '-v']) {
      const run = await runInProcess([flag]);
      expect(run).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
    }
  });

  it('prints the top help with --help and -h', async () => {
    for (const flag of ['--help', '-h']) {
      const run = await runInProcess([flag]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Usage: svc <group> <command>');
      expect(run.stdout).toContain('spec');
    }
  });

  it('shows the help on stderr and exits 2 without arguments', async () => {
    const run = await runInProcess([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage: svc');
  });

  it('lists every spec command in the group help', async () => {
    const run = await runInProcess(['spec', '--help']);
    expect(run.code).toBe(0);
    for (const name of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${name}\\s+\\S`, 'm'));
  });

  it.each(COMMANDS)('answers --help and -h for spec %s', async (name) => {
    for (const flag of ['--help', '-h']) {
      const run = await runInProcess(['spec', name, flag]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: svc spec ${name}`);
      expect(run.stdout).toContain('Exit codes:');
      expect(run.stderr).toBe('');
    }
  });

  it('rejects unknown commands with exit 2 and a hint', async () => {
    const top = await runInProcess(['lint']);
    expect(top.code).toBe(2);
    expect(top.stderr).toContain("unknown command 'lint'");
    expect(top.stderr).toContain("Run 'svc --help' for usage.");
    const spec = await runInProcess(['spec', 'check', 'x.yaml']);
    expect(spec.code).toBe(2);
    expect(spec.stderr).toContain("unknown command 'check'. Commands: validate, diff");
  });

  it('rejects unknown options with exit 2, suggesting the closest one', async () => {
    const run = await runInProcess(['spec', 'validate', 'x.yaml', '--strikt']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("svc spec validate: unknown option '--strikt'. Did you mean '--strict'?");
    expect(run.stderr).toContain("Run 'svc spec validate --help' for usage.");
    const top = await runInProcess(['--verbose']);
    expect(top.code).toBe(2);
    expect(top.stderr).toContain("unknown option '--verbose'");
  });

  it('rejects a value given to a flag and a missing value', async () => {
    const flag = await runInProcess(['spec', 'validate', 'x.yaml', '--strict=yes']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("option '--strict' takes no value");
    const missing = await runInProcess(['spec', 'build', 'x.json', '--output']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("option '--output' needs a value");
  });

  it('reports a missing or extra file argument as a usage error', async () => {
    const missing = await runInProcess(['spec', 'diff', 'old.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing <new>');
    const extra = await runInProcess(['spec', 'endpoints', 'a.yaml', 'b.yaml']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain("unexpected argument 'b.yaml'");
    const twice = await runInProcess(['spec', 'diff', '-', '-']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('stdin (-) can be read only once');
  });
});
