// `validate({ spec: text })` against `JSON.parse(text)` on GitHub's description, interleaved in one
// process so both see the same machine load. Usage: node [--expose-gc] parse-ratio.mjs [runs] [warmups]
// Prints each median and the ratio; with --expose-gc a full GC runs before every timed call.
import { validate } from '@svc/spec-toolkit';
import { readGithubText } from './inputs.mjs';

const runs = Number(process.argv[2] ?? 15);
const warmups = Number(process.argv[3] ?? 3);
const text = readGithubText();
const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};
const parseTimes = [];
const validateTimes = [];
let result;
for (let index = 0; index < warmups + runs; index++) {
  collect();
  let started = performance.now();
  JSON.parse(text);
  const parse = performance.now() - started;
  collect();
  started = performance.now();
  result = validate({ spec: text });
  const checked = performance.now() - started;
  if (index >= warmups) {
    parseTimes.push(parse);
    validateTimes.push(checked);
  }
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const parse = median(parseTimes);
const checked = median(validateTimes);
const ratios = parseTimes.map((p, i) => validateTimes[i] / p);
console.log(
  JSON.stringify({
    gc: typeof globalThis.gc === 'function',
    runs,
    parseMedianMs: Number(parse.toFixed(1)),
    validateMedianMs: Number(checked.toFixed(1)),
    ratioOfMedians: Number((checked / parse).toFixed(2)),
    medianPairRatio: Number(median(ratios).toFixed(2)),
    errors: result.errors.length,
    warnings: result.warnings.length,
    operations: result.counts.operations,
  }),
);
