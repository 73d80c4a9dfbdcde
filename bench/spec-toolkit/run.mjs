// Spec-toolkit benchmark: our validate against @apidevtools/swagger-parser on GitHub's REST
// description, plus our diff. Needs the built package: run `turbo run build` first.
// Usage: node spec-toolkit/run.mjs [--runs 7] [--warmups 2] [--check] [--quick]
// --quick: a tiny description (quick-input.json), one run, no warm-up; no targets, nothing written.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, cpus, platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { QUICK } from '../shared/bench-support.mjs';
import { readGithubText, resolveGithubPath } from './inputs.mjs';
import { measureCase } from './measure.mjs';
import { printDiffTable, printFloorTable, printTargets, printValidateTable, readTargets } from './report.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    warmups: { type: 'string', default: '2' },
    check: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
});
const runs = QUICK ? 1 : Number(values.runs);
const warmups = QUICK ? 0 : Number(values.warmups);
// The children (case.mjs) read their input through inputs.mjs, which honours this.
if (QUICK) process.env.SVC_BENCH_SPEC_INPUT = fileURLToPath(new URL('./quick-input.json', import.meta.url));

assertBuilt();
const githubBytes = Buffer.byteLength(readGithubText());
console.log(`GitHub REST description: ${(githubBytes / 1024 / 1024).toFixed(1)} MiB, ${resolveGithubPath()}`);
console.log(
  `node ${process.version}, ${platform()}-${arch()}, ${cpus().length} CPU, ${runs} timed runs after ${warmups} warm-ups\n`,
);

const measure = (tool, mode) => {
  process.stdout.write(`  measuring ${tool} ${mode} ...`);
  const result = measureCase({ tool, mode, runs, warmups });
  process.stdout.write(` median ${result.medianMs.toFixed(0)} ms\n`);
  return result;
};

const validateCases = ['validate-text', 'validate-object'].map((mode) => ({
  mode,
  ours: measure('ours', mode),
  theirs: measure('swagger-parser', mode),
}));
const parseOnly = measure('json-parse', 'validate-text');
// Redocly's lint takes seconds per run on this input: fewer runs keep the bench usable.
process.stdout.write('  measuring redocly validate-text (3 runs, 1 warm-up) ...');
const redocly = measureCase({
  tool: 'redocly',
  mode: 'validate-text',
  runs: Math.min(3, runs),
  warmups: QUICK ? 0 : 1,
});
process.stdout.write(` median ${redocly.medianMs.toFixed(0)} ms\n`);
const diffModes = ['diff-self-text', 'diff-mutated-text', 'diff-self-object', 'diff-mutated-object'];
const diffCases = diffModes.map((mode) => ({ mode, ours: measure('ours', mode) }));

console.log('');
printValidateTable(validateCases);
printFloorTable(validateCases, parseOnly, redocly);
printDiffTable(diffCases);
if (QUICK) {
  console.log('\n--quick: a tiny description, one run; no targets, nothing written to results/.');
} else {
  const targets = readTargets(validateCases, parseOnly);
  printTargets(targets, validateCases);

  const resultsDir = new URL('../results/', import.meta.url);
  mkdirSync(resultsDir, { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    environment: { node: process.version, platform: platform(), arch: arch(), cpus: cpus().length },
    input: { name: 'api.github.com.json', bytes: githubBytes, path: resolveGithubPath() },
    runs,
    warmups,
    validate: validateCases,
    jsonParseOnly: parseOnly,
    redoclyLint: redocly,
    diff: diffCases,
    targets,
  };
  const resultsFile = new URL('spec-toolkit.json', resultsDir);
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${resultsFile.pathname}`);
  if (values.check && targets.some((target) => !target.met)) process.exitCode = 1;
}

/** The bench measures the built package; a stale or missing dist would measure the wrong code. */
function assertBuilt() {
  const require = createRequire(new URL('../package.json', import.meta.url));
  const packageDir = require.resolve('@svc/spec-toolkit/package.json').replace(/package\.json$/, '');
  const built = `${packageDir}dist/index.js`;
  if (!existsSync(built)) {
    console.error('@svc/spec-toolkit is not built: run `npx -y pnpm@10.34.8 exec turbo run build` first.');
    process.exit(1);
  }
  const sourceDir = `${packageDir}src`;
  const builtAt = statSync(built).mtimeMs;
  const stale = existsSync(sourceDir)
    ? readdirSync(sourceDir, { recursive: true }).filter(
        (file) => !file.endsWith('.test.ts') && statSync(`${sourceDir}/${file}`).mtimeMs > builtAt,
      )
    : [];
  if (stale.length > 0) {
    console.warn(
      `warning: ${stale.length} source file(s) newer than dist (e.g. ${stale[0]}); rebuild for current numbers.\n`,
    );
  }
}
