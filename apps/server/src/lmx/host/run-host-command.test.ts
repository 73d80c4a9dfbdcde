import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCommandEnvironment, HostCommandError, runHostCommand } from './run-host-command.js';

const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'svc-host-command-')));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const env = buildCommandEnvironment({ cwd });
const bounds = { cwd, env, timeoutMs: 10_000, maxOutputBytes: 64 * 1024 };

/** Processes whose command line contains `marker` (the test's own unique sleep duration). */
function processesWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe('runHostCommand', () => {
  it('captures the exit code, stdout and stderr of a program run without a shell', async () => {
    const result = await runHostCommand({ ...bounds, argv: ['sh', '-c', 'echo out; echo err >&2; exit 3'] });
    expect(result).toMatchObject({
      exitCode: 3,
      signal: null,
      stdout: 'out\n',
      stderr: 'err\n',
      timedOut: false,
      truncated: false,
    });
  });

  it('passes arguments as a list: shell syntax in an argument stays text', async () => {
    const result = await runHostCommand({ ...bounds, argv: ['printf', '%s', '$(id) `id` ; rm -rf /'] });
    expect(result.stdout).toBe('$(id) `id` ; rm -rf /');
  });

  it('runs in its own directory with an allow-listed environment only', async () => {
    const secretEnv = buildCommandEnvironment({
      cwd,
      allow: ['SVC_TEST_VISIBLE'],
      source: {
        SVC_TEST_VISIBLE: 'shown',
        JWT_SECRET: 'server-secret-value',
        SVC_APIKEY_PEPPER: 'pepper-value',
      },
    });
    const result = await runHostCommand({ ...bounds, env: secretEnv, argv: ['env'] });
    expect(result.stdout).toContain('SVC_TEST_VISIBLE=shown');
    expect(result.stdout).toContain(`HOME=${cwd}`);
    expect(result.stdout).not.toContain('server-secret-value');
    expect(result.stdout).not.toContain('pepper-value');
    const pwd = await runHostCommand({ ...bounds, argv: ['pwd'] });
    expect(pwd.stdout.trim()).toBe(cwd);
  });

  it.runIf(process.getuid?.() === 0)(
    "runs as the given user, who cannot read this process's environment",
    async () => {
      const environ = `/proc/${process.pid}/environ`;
      // As the server's own user (root here) the environment is readable: what the user option prevents.
      const same = await runHostCommand({ ...bounds, argv: ['cat', environ] });
      expect(same.exitCode).toBe(0);
      const nobody = await runHostCommand({
        ...bounds,
        argv: ['sh', '-c', `id -u; id -G; cat ${environ}`],
        user: { uid: 65534, gid: 65534 },
      });
      expect(nobody.stdout).toBe('65534\n65534\n');
      expect(nobody.exitCode).not.toBe(0);
      expect(nobody.stderr).toMatch(/Permission denied/);
    },
  );

  it('kills the whole process group when the time bound passes', async () => {
    const marker = `1000.${process.pid}1`;
    const result = await runHostCommand({
      ...bounds,
      timeoutMs: 500,
      argv: ['sh', '-c', `sleep ${marker} & sleep ${marker} & echo started; wait`],
    });
    expect(result.timedOut).toBe(true);
    expect(result.stdout).toBe('started\n');
    expect(processesWith(marker)).toEqual([]);
  });

  it('kills a fork loop with its group', async () => {
    const marker = `1000.${process.pid}2`;
    const result = await runHostCommand({
      ...bounds,
      timeoutMs: 800,
      argv: ['sh', '-c', `while true; do sleep ${marker} & done`],
    });
    expect(result.timedOut).toBe(true);
    expect(processesWith(marker)).toEqual([]);
  });

  it('leaves no background process behind once the program exits', async () => {
    const marker = `1000.${process.pid}3`;
    const result = await runHostCommand({ ...bounds, argv: ['sh', '-c', `sleep ${marker} & echo left`] });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'left\n' });
    expect(processesWith(marker)).toEqual([]);
  });

  it('caps the output and stops the flood', async () => {
    const result = await runHostCommand({ ...bounds, maxOutputBytes: 1000, argv: ['yes', 'flood'] });
    expect(result.truncated).toBe(true);
    expect(Buffer.byteLength(result.stdout)).toBe(1000);
    expect(result.exitCode).toBeNull();
  });

  it('stops when the run is aborted', async () => {
    const controller = new AbortController();
    const pending = runHostCommand({ ...bounds, signal: controller.signal, argv: ['sleep', '30'] });
    setTimeout(() => controller.abort(), 100);
    const result = await pending;
    expect(result).toMatchObject({ aborted: true, signal: 'SIGKILL' });
  });

  it('refuses a program that does not exist with a clear error', async () => {
    await expect(runHostCommand({ ...bounds, argv: ['no-such-program-svc'] })).rejects.toThrow(
      HostCommandError,
    );
    await expect(runHostCommand({ ...bounds, argv: ['no-such-program-svc'] })).rejects.toThrow(
      /No program "no-such-program-svc"/,
    );
  });
});
