// The whole test suite, as the README and CI run it: install, lint and format check, the import
// rules (dependency-cruiser), build, typecheck, package checks (publint, are-the-types-wrong),
// every benchmark in quick mode, then every vitest test.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runQuickBenchmarks } from './bench-quick.mjs';
import { checkImports } from './check-imports.mjs';
import { install, pnpm, root, step } from './pnpm.mjs';
import { formatSkippedSuites, readSkippedSuites, SKIPPED_SUITES_FILE } from './system-tools.mjs';

const extra = process.argv.slice(2);
step('install', install);
step('lint and format (biome)', () => pnpm(['exec', 'biome', 'ci', '.']));
step('import rules (dependency-cruiser, .dependency-cruiser.cjs)', checkImports);
step('build, typecheck, package checks (turbo)', () =>
  pnpm(['exec', 'turbo', 'run', 'build', 'typecheck', 'lint:package', '--output-logs=errors-only']),
);

step('benchmarks, quick mode (scripts/bench-quick.mjs)', runQuickBenchmarks);

const resultsFile = join(root, '.vitest-results.json');
rmSync(resultsFile, { force: true });
rmSync(join(root, SKIPPED_SUITES_FILE), { force: true });
let testStatus = 0;
step('tests (vitest)', () => {
  testStatus = pnpm([
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...extra,
  ]);
  return 0; // the summary below decides, so the closing line is always printed
});

if (!existsSync(resultsFile)) {
  console.log('\n0 passed, 1 failed');
  process.exit(testStatus || 1);
}
const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
const passed = results.numPassedTests ?? 0;
const failed = (results.numFailedTests ?? 0) + (results.numFailedTestSuites ?? 0);
const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
// Suites left out because a system tool is missing (never in CI): each named, then the one
// command that installs what they need.
for (const line of formatSkippedSuites(readSkippedSuites(root))) console.log(line);
process.exit(failed > 0 || passed === 0 ? 1 : testStatus);
