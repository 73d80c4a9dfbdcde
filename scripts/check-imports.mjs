// The import rules (.dependency-cruiser.cjs): the server's floors, no circles in the apps, only
// tests import testing/, cores never import apps. A broken rule fails with the rule's name.
// Run it alone with `node scripts/check-imports.mjs`; `npm test` runs it as a step.
import { fileURLToPath } from 'node:url';
import { root, run } from './pnpm.mjs';

/** Where the rules look: every app and core, the cross-package tests, the benchmarks, the scripts. */
export const CHECKED_PATHS = ['apps', 'packages', 'test', 'bench', 'scripts'];

/** Runs dependency-cruiser over CHECKED_PATHS with the repository's rules; answers its exit status. */
export function checkImports() {
  const cli = fileURLToPath(
    new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url),
  );
  return run(
    process.execPath,
    [cli, ...CHECKED_PATHS, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    {
      cwd: root,
    },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(checkImports());
