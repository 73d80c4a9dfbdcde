import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runInProcess } from './testing/run-in-process.js';

// The CLI page shows real output; this keeps it real when the tools change.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const page = readFileSync(`${repoRoot}docs/spec-toolkit/cli.md`, 'utf8');

it.each(['spec diff apps/cli/examples/petstore.yaml apps/cli/examples/petstore-v2.yaml'])(
  'prints what docs/spec-toolkit/cli.md shows for `svc %s`',
  async (command) => {
    const shown = new RegExp(
      `\\$ svc ${command.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n([\\s\\S]*?)\`\`\``,
    ).exec(page)?.[1];
    expect(shown, 'the page shows this command').toBeDefined();
    const run = await runInProcess(command.split(' '), { cwd: repoRoot });
    expect(run.stdout).toBe(shown);
  },
);
