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
// CPU time (all threads of this process) too: less disturbed than wall time on a shared machine.
const parseCpu = [];
const validateCpu = [];
const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
let result;
for (let index = 0; index < warmups + runs; index++) {
  collect();
  let cpu = process.cpuUsage();
  let started = performance.now();
  JSON.parse(text);
  const parse = performance.now() - started;
  const parseCpuMs = cpuMs(cpu);
  collect();
  cpu = process.cpuUsage();
  started = performance.now();
  result = validate({ spec: text });
  const checked = performance.now() - started;
  const validateCpuMs = cpuMs(cpu);
  if (index >= warmups) {
    parseTimes.push(parse);
    validateTimes.push(checked);
    parseCpu.push(parseCpuMs);
    validateCpu.push(validateCpuMs);
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
    ratioOfMinimums: Number((Math.min(...validateTimes) / Math.min(...parseTimes)).toFixed(2)),
    cpuRatioOfMedians: Number((median(validateCpu) / median(parseCpu)).toFixed(2)),
    errors: result.errors.length,
    warnings: result.warnings.length,
    operations: result.counts.operations,
  }),
);
