import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

// The repository's own rules (.dependency-cruiser.cjs), run by dependency-cruiser over a small
// tree laid out like the monorepo: one deliberately wrong import per rule.
let fixture: string | undefined;
afterEach(() => {
  if (fixture) rmSync(fixture, { recursive: true, force: true });
  fixture = undefined;
});

function cruise(files: Record<string, string>): { status: number | null; output: string } {
  fixture = mkdtempSync(join(tmpdir(), 'svc-import-rules-'));
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(fixture, '.dependency-cruiser.cjs'));
  copyFileSync(join(root, 'tsconfig.base.json'), join(fixture, 'tsconfig.base.json'));
  for (const folder of ['apps', 'packages']) mkdirSync(join(fixture, folder));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
  const result = spawnSync(
    process.execPath,
    [cli, 'apps', 'packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    { cwd: fixture, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const AREA = {
  'apps/server/src/activity/activity-plugin.ts': "export const activity = 'activity';\n",
  'apps/server/src/errors/server-error.ts': "export const code = 'SERVER_INTERNAL';\n",
};

describe('the import rules (dependency-cruiser)', () => {
  it('pass a tree that keeps the floors', () => {
    const result = cruise({
      ...AREA,
      'apps/server/src/dreamer/dreamer-plugin.ts':
        "import { code } from '../errors/server-error.js';\nexport const dreamer = code;\n",
      'apps/server/src/dreamer/dreamer-plugin.test.ts':
        "import { activity } from '../activity/activity-plugin.js';\nexport const seen = activity;\n",
    });
    expect(result.output).toContain('no dependency violations found');
    expect(result.status).toBe(0);
  });

  it('fail an import from floor 1 up to an area, naming the rule', () => {
    const result = cruise({
      ...AREA,
      'apps/server/src/errors/status-table.ts':
        "import { activity } from '../activity/activity-plugin.js';\nexport const table = activity;\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      'server-floor-1-imports-packages-only: apps/server/src/errors/status-table.ts → apps/server/src/activity/activity-plugin.ts',
    );
  });

  it('fail an area importing another area', () => {
    const result = cruise({
      ...AREA,
      'apps/server/src/lmx/lmx-plugin.ts':
        "import { activity } from '../activity/activity-plugin.js';\nexport const lmx = activity;\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('server-floor-5-areas-never-import-each-other');
  });

  it('fail production code importing testing/, but not a test', () => {
    const result = cruise({
      'apps/server/src/testing/test-server.ts': "export const helper = 'helper';\n",
      'apps/server/src/activity/activity-plugin.ts':
        "import { helper } from '../testing/test-server.js';\nexport const activity = helper;\n",
      'apps/server/src/activity/activity-plugin.test.ts':
        "import { helper } from '../testing/test-server.js';\nexport const seen = helper;\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      'only-tests-import-testing: apps/server/src/activity/activity-plugin.ts → apps/server/src/testing/test-server.ts',
    );
    expect(result.output).not.toContain('activity-plugin.test.ts →');
  });

  it('fail an import circle in an app', () => {
    const result = cruise({
      'apps/cli/src/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'apps/cli/src/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('no-circular: apps/cli/src/a.ts');
  });

  it('fail a core importing an app', () => {
    const result = cruise({
      ...AREA,
      'packages/gate/src/gate.ts':
        "import { code } from '../../../apps/server/src/errors/server-error.js';\nexport const gate = code;\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('cores-never-import-apps');
  });
});
