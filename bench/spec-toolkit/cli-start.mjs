// Start-up time of the installed `svc`: the CLI is packed as the release packs it (`pnpm pack`),
// installed with `npm install <tarball>` into a fresh temporary folder, and run from there —
// `svc --version` (the dispatcher alone), `svc spec validate` of a small file (the petstore
// example) and `svc activity kinds` — next to a bare `node` start, the floor. Target: the two
// spec-facing cases within 2x bare node. Build first: `turbo run build --filter=@svc/cli...`.
// Wall times on a shared machine wander; `--instructions` also counts each case's CPU
// instructions once under valgrind's callgrind (as instruction-ratio.mjs does), which does not.
// Usage: node spec-toolkit/cli-start.mjs [--runs 15] [--instructions] [--keep]
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    instructions: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const root = fileURLToPath(new URL('../../', import.meta.url));
const cliDir = join(root, 'apps/cli');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function mustRun(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

const dir = mkdtempSync(join(tmpdir(), 'svc-cli-start-'));
mustRun('npx', ['-y', packageManager, 'pack', '--pack-destination', dir], cliDir);
const tarball = join(
  dir,
  readdirSync(dir).find((name) => name.endsWith('.tgz')),
);
const project = join(dir, 'project');
mkdirSync(project);
writeFileSync(join(project, 'package.json'), '{ "name": "svc-cli-start", "private": true }\n');
mustRun(
  'npm',
  ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball],
  project,
);
copyFileSync(join(cliDir, 'examples/petstore.yaml'), join(project, 'petstore.yaml'));
// The file `node_modules/.bin/svc` links to, run with this node: the same process start as the floor.
const bin = join(project, 'node_modules/@svc/cli/dist/bin.js');

const cases = [
  ['node -e ""  (floor)', ['-e', '']],
  ['svc --version', [bin, '--version']],
  ['svc spec validate petstore.yaml', [bin, 'spec', 'validate', 'petstore.yaml']],
  ['svc activity kinds', [bin, 'activity', 'kinds']],
];

function time(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: project, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** CPU instructions of one run, all threads, under callgrind. */
function countInstructions(args) {
  const result = spawnSync(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...args],
    {
      cwd: project,
      encoding: 'utf8',
    },
  );
  const collected = /Collected : (\d+)/.exec(result.stderr ?? '');
  if (result.status !== 0 || !collected)
    throw new Error(`callgrind failed on ${args.join(' ')}:\n${result.stderr}`);
  return Number(collected[1]);
}

console.log(`node ${process.version}, installed from ${tarball}`);
console.log(`${runs} runs each (after one warm-up), milliseconds`);
console.log('case                               median     min   ratio to bare node (median)');
const medians = new Map();
let floor;
try {
  for (const [name, args] of cases) {
    time(args);
    const samples = Array.from({ length: runs }, () => time(args)).sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)];
    floor ??= median;
    medians.set(name, median);
    const ratio = (median / floor).toFixed(2);
    console.log(
      `${name.padEnd(34)} ${median.toFixed(0).padStart(6)}  ${samples[0].toFixed(0).padStart(6)}   ${ratio}x`,
    );
  }
  for (const name of ['svc --version', 'svc spec validate petstore.yaml']) {
    const ratio = medians.get(name) / floor;
    console.log(
      `${name}: ${ratio.toFixed(2)}x bare node, wall time (target 2x) ${ratio <= 2 ? 'met' : 'NOT met'}`,
    );
  }
  if (values.instructions) {
    console.log('\nCPU instructions (callgrind, one run each)');
    const counts = cases.map(([name, args]) => [name, countInstructions(args)]);
    const base = counts[0][1];
    for (const [name, count] of counts)
      console.log(
        `${name.padEnd(34)} ${(count / 1e6).toFixed(0).padStart(6)} M   ${(count / base).toFixed(2)}x`,
      );
  }
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
