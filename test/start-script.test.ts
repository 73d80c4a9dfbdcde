import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { START_BUILD_FILTERS } from '../scripts/start-targets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm start', () => {
  it('builds the command line as well as the server (turbo dry run of its build step)', () => {
    const result = spawnSync(
      process.execPath,
      [
        fileURLToPath(new URL('../node_modules/turbo/bin/turbo', import.meta.url)),
        'run',
        'build',
        ...(START_BUILD_FILTERS as string[]),
        '--dry=json',
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
    );
    expect(result.status).toBe(0);
    const tasks = (JSON.parse(result.stdout) as { tasks: { taskId: string }[] }).tasks.map(
      (task) => task.taskId,
    );
    expect(tasks).toContain('@svc/server#build');
    expect(tasks).toContain('@svc/cli#build');
    expect(tasks).toContain('@svc/spec-toolkit#build');
  });
});
