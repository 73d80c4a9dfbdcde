// Start-up time of `svc spec`: how long `svc spec validate <petstore>` takes end to end, next to
// a bare `node` start (the floor) and `svc --version` (the dispatcher alone). Measures the
// built CLI: run `turbo run build --filter=@svc/cli...` first.
// Usage: node spec-toolkit/cli-start.mjs [--runs 15]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const bin = fileURLToPath(new URL('../../apps/cli/dist/bin.js', import.meta.url));
const petstore = fileURLToPath(new URL('../../apps/cli/examples/petstore.yaml', import.meta.url));

const cases = [
  ['node -e ""  (floor)', ['-e', '']],
  ['svc --version', [bin, '--version']],
  ['svc spec validate petstore.yaml', [bin, 'spec', 'validate', petstore]],
  ['svc activity kinds', [bin, 'activity', 'kinds']],
];

function time(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

console.log(`node ${process.version}, ${runs} runs each (after one warm-up), milliseconds`);
console.log('case                               median     min');
const medians = new Map();
for (const [name, args] of cases) {
  time(args);
  const samples = Array.from({ length: runs }, () => time(args)).sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  medians.set(name, median);
  console.log(`${name.padEnd(34)} ${median.toFixed(0).padStart(6)}  ${samples[0].toFixed(0).padStart(6)}`);
}
const floor = medians.get('node -e ""  (floor)');
const spec = medians.get('svc spec validate petstore.yaml');
console.log(`\nsvc spec validate over bare node: +${(spec - floor).toFixed(0)} ms`);
