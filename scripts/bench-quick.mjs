// Every benchmark in quick mode (tiny inputs, one run, no targets, nothing written to
// bench/results/), so a benchmark that no longer runs fails `npm test`. Needs the build.
// Run it alone with `node scripts/bench-quick.mjs`.
import { fileURLToPath } from 'node:url';
import { root, run } from './pnpm.mjs';

/** Each benchmark's entry point, from the repository root. */
export const BENCHMARKS = [
  'bench/spec-toolkit/run.mjs',
  'bench/server/run.mjs',
  'bench/server/scale.mjs',
  'bench/activity/run.mjs',
  'bench/dreamer/run.mjs',
  'bench/docs-reader/run.mjs',
  'bench/lmx/run.mjs',
];

/** Runs every benchmark with `--quick`, one after another; answers the first failing status (0 when all ran). */
export function runQuickBenchmarks() {
  for (const bench of BENCHMARKS) {
    process.stdout.write(`\n--- ${bench} --quick\n`);
    const status = run(process.execPath, [bench, '--quick'], { cwd: root });
    if (status !== 0) {
      process.stdout.write(`\n${bench} --quick failed (exit ${status})\n`);
      return status;
    }
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(runQuickBenchmarks());
