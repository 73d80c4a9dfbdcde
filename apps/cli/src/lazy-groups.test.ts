import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN } from './testing/run-bin.js';
import { PETSTORE } from './testing/run-in-process.js';

const REGISTER = fileURLToPath(new URL('./testing/module-trace/register.mjs', import.meta.url));

/** The module URLs a run of the built executable loaded, and its exit code. */
function loadedModules(args: readonly string[]): { code: number | null; modules: string[] } {
  const result = spawnSync(process.execPath, ['--import', REGISTER, BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const modules = result.stderr
    .split('\n')
    .filter((line) => line.startsWith('module-loaded '))
    .map((line) => line.slice('module-loaded '.length));
  return { code: result.status, modules };
}

const loads = (modules: string[], fragment: string) => modules.some((url) => url.includes(fragment));

// The workspace packages are bundled into dist, one chunk per command group (`spec-commands-…`,
// `activity-commands-…`); the PDF builder is a chunk of its own and pdf-lib stays a package.

describe('command groups load lazily (the built binary)', () => {
  it('runs svc spec without loading the activity group or the PDF stack', () => {
    const run = loadedModules(['spec', 'validate', PETSTORE]);
    expect(run.code).toBe(0);
    expect(loads(run.modules, '/dist/spec-commands-')).toBe(true);
    expect(loads(run.modules, '/dist/activity-commands-')).toBe(false);
    expect(loads(run.modules, 'pdf-lib')).toBe(false);
    expect(loads(run.modules, '/dist/dream-command-')).toBe(false);
    expect(loads(run.modules, '/dist/lmx-commands-')).toBe(false);
  });

  it('loads no group at all for --version', () => {
    const run = loadedModules(['--version']);
    expect(run.code).toBe(0);
    expect(loads(run.modules, '/dist/bin.js')).toBe(true);
    expect(loads(run.modules, '-commands-')).toBe(false);
    expect(loads(run.modules, '-command-')).toBe(false);
  });

  it('loads the activity group, and neither the spec toolkit nor the PDF stack, for svc activity kinds', () => {
    const run = loadedModules(['activity', 'kinds']);
    expect(run.code).toBe(0);
    expect(loads(run.modules, '/dist/activity-commands-')).toBe(true);
    expect(loads(run.modules, '/dist/spec-commands-')).toBe(false);
    expect(loads(run.modules, '/dist/build-book-pdf-')).toBe(false);
    expect(loads(run.modules, 'pdf-lib')).toBe(false);
  });

  it('loads only the backup command, no group, for svc backup --help', () => {
    const run = loadedModules(['backup', '--help']);
    expect(run.code).toBe(0);
    expect(loads(run.modules, '/dist/backup-command-')).toBe(true);
    expect(loads(run.modules, '-commands-')).toBe(false);
    expect(loads(run.modules, '/dist/dream-command-')).toBe(false);
  });
});
