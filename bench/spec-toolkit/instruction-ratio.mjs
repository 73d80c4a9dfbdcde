// `validate({ spec: text })` against `JSON.parse(text)` on GitHub's description, counted in CPU
// instructions under valgrind's callgrind: the same count whatever else the machine is doing, so
// it settles what wall times on a shared machine cannot. It leaves out what instructions do not
// show (cache misses, a garbage collector's pauses on other threads), so read it beside
// parse-ratio.mjs. Each side runs `few` and `many` times in its own process; the difference
// divided by `many - few` is one steady-state call, start-up and warm-up cancelled out.
// Usage: node instruction-ratio.mjs [few=2] [many=6]   (needs valgrind)
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { validate } from '@svc/spec-toolkit';
import { readGithubText } from './inputs.mjs';

if (process.argv[2] === '--child') {
  const [what, times] = [process.argv[3], Number(process.argv[4])];
  const text = readGithubText();
  for (let index = 0; index < times; index++) {
    if (what === 'parse') JSON.parse(text);
    else validate({ spec: text });
  }
  process.exit(0);
}

const few = Number(process.argv[2] ?? 2);
const many = Number(process.argv[3] ?? 6);
try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('valgrind is not installed (Debian: apt-get install valgrind); nothing measured.');
  process.exit(1);
}
const self = fileURLToPath(import.meta.url);
const count = (what, times) => {
  const run = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      self,
      '--child',
      what,
      String(times),
    ],
    { encoding: 'utf8' },
  );
  const collected = /Collected : (\d+)/.exec(run.stderr);
  if (run.status !== 0 || collected === null) throw new Error(`callgrind failed:\n${run.stderr}`);
  return Number(collected[1]);
};
const perCall = (what) => (count(what, many) - count(what, few)) / (many - few);
const parse = perCall('parse');
const checked = perCall('validate');
console.log(
  JSON.stringify({
    parseInstructions: Math.round(parse),
    validateInstructions: Math.round(checked),
    ratio: Number((checked / parse).toFixed(2)),
  }),
);
