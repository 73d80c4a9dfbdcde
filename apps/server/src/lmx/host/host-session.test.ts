import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readHostModesConfig } from '../../config/host-modes-config.js';
import { openHostSession } from './host-session.js';

function openSession(env: Record<string, string | undefined> = {}) {
  const lines: Record<string, unknown>[] = [];
  const problems: string[] = [];
  const config = readHostModesConfig({ SVC_LMX_HOST_MODES: '1', ...env }, problems);
  expect(problems).toEqual([]);
  return {
    lines,
    session: openHostSession({
      user: { id: 'admin-1' },
      mode: 'lms',
      config,
      log: { info: (fields) => lines.push(fields) },
      environment: { JWT_SECRET: 'do-not-show-this-secret', TZ: 'UTC', ...env },
      deadline: Date.now() + 10_000,
    }),
  };
}

describe('a host session', () => {
  it('runs commands in a directory of its own that is removed at the end', async () => {
    const { session: opening } = openSession();
    const session = await opening;
    const pwd = await session.run('pwd');
    const dir = pwd.stdout.trim();
    expect(dir).toMatch(/svc-lmx-run-/);
    await session.run('touch made-here');
    expect(existsSync(`${dir}/made-here`)).toBe(true);
    await session.close();
    expect(existsSync(dir)).toBe(false);
  });

  it('never shows a server secret to `RUN "env"`, only allow-listed names', async () => {
    const { session: opening } = openSession({ SVC_LMX_SHELL_ENV: 'TZ' });
    const session = await opening;
    const env = await session.run('env');
    expect(env.stdout).toContain('TZ=UTC');
    expect(env.stdout).not.toContain('do-not-show-this-secret');
    await session.close();
  });

  it('logs and traces who did what with which outcome, and keeps typed text out', async () => {
    const { session: opening, lines } = openSession();
    const session = await opening;
    await session.run('sh -c "exit 4"');
    await expect(session.run('no-such-program-svc')).rejects.toMatchObject({ code: 'E_HOST_COMMAND' });
    await expect(session.type('hunter2-password')).rejects.toMatchObject({ code: 'E_HOST_NO_DISPLAY' });
    expect(session.trace()).toEqual([
      expect.objectContaining({ action: 'run', target: 'sh -c "exit 4"', ok: true, outcome: 'exit 4' }),
      expect.objectContaining({
        action: 'run',
        target: 'no-such-program-svc',
        ok: false,
        outcome: 'E_HOST_COMMAND',
      }),
      expect.objectContaining({
        action: 'type',
        target: '16 characters',
        ok: false,
        outcome: 'E_HOST_NO_DISPLAY',
      }),
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ userId: 'admin-1', mode: 'lms', action: 'run', outcome: 'exit 4' });
    expect(JSON.stringify(lines)).not.toContain('hunter2');
    await session.close();
  });

  it('refuses network hosts that are not allowed', async () => {
    const { session: opening } = openSession();
    const session = await opening;
    await expect(session.get('http://127.0.0.1:9/')).rejects.toMatchObject({ code: 'E_HOST_NET_FORBIDDEN' });
    await session.close();
  });

  it('refuses a shell environment allow-list that names a secret', () => {
    const problems: string[] = [];
    readHostModesConfig({ SVC_LMX_SHELL_ENV: 'TZ,JWT_SECRET', SVC_LMX_HOST_MODES: 'maybe' }, problems);
    expect(problems).toEqual([
      'SVC_LMX_HOST_MODES must be true or false, got "maybe".',
      'SVC_LMX_SHELL_ENV: "JWT_SECRET" looks like a secret; scripts never see secrets.',
    ]);
  });
});
