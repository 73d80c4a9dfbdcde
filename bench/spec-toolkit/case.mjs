// One measured case in its own process, so peak RSS and heap belong to this case alone.
// Usage: node --expose-gc case.mjs <ours|swagger-parser|redocly|json-parse> <mode> [runs] [warmups]
// Modes: validate-text, validate-object, diff-self-text, diff-mutated-text, diff-self-object,
// diff-mutated-object. The result is one JSON line on fd 3, so nothing a library prints can corrupt it.
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { readGithubText, removeOperationAndResponse } from './inputs.mjs';

const [tool, mode, runsArg = '5', warmupsArg = '2'] = process.argv.slice(2);
const runs = Number(runsArg);
const warmups = Number(warmupsArg);
const collectGarbage = globalThis.gc;
if (typeof collectGarbage !== 'function') throw new Error('Run with --expose-gc.');

const workload = await prepareWorkload();
const timings = [];
const heapPeaks = [];
let baselineRss = 0;
let maxRssBeforeRuns = 0;
let last;
for (let index = 0; index < warmups + runs; index += 1) {
  const input = workload.makeInput();
  collectGarbage();
  if (index === 0) {
    baselineRss = process.memoryUsage().rss;
    maxRssBeforeRuns = process.resourceUsage().maxRSS * 1024;
  }
  const heapBefore = getHeapStatistics().used_heap_size;
  // Used heap only grows between collections, so its peak is the largest size any GC found on
  // entry, or the size at the end if that is larger. GCProfiler records each GC's entry size.
  const profiler = new GCProfiler();
  profiler.start();
  const started = performance.now();
  last = await workload.call(input);
  const elapsed = performance.now() - started;
  const heapAfter = getHeapStatistics().used_heap_size;
  const collections = profiler.stop().statistics;
  const heapPeak = Math.max(heapAfter, ...collections.map((gc) => gc.beforeGC.heapStatistics.usedHeapSize));
  collectGarbage();
  if (index >= warmups) {
    timings.push(elapsed);
    heapPeaks.push(heapPeak - heapBefore);
  }
}
const maxRss = process.resourceUsage().maxRSS * 1024;
const sorted = [...timings].sort((a, b) => a - b);
const result = {
  tool,
  mode,
  runs,
  warmups,
  timingsMs: timings,
  medianMs: sorted[Math.floor(sorted.length / 2)],
  minMs: sorted[0],
  baselineRssBytes: baselineRss,
  maxRssBytes: maxRss,
  rssPeakBytes: maxRss - baselineRss,
  // The runs never pushed RSS past what loading the input already reached: the peak is at most this.
  rssPeakIsUpperBound: maxRss <= maxRssBeforeRuns,
  heapPeakBytes: Math.max(...heapPeaks),
  summary: workload.summarize(last),
};
writeSync(3, `${JSON.stringify(result)}\n`);

async function prepareWorkload() {
  const text = readGithubText();
  if (tool === 'json-parse') {
    // The floor for text input: parsing alone, what any validator must pay before it starts.
    return { makeInput: () => text, call: (input) => JSON.parse(input) && null, summarize: () => ({}) };
  }
  if (tool === 'redocly') {
    if (mode !== 'validate-text') throw new Error('Redocly lints text (a file), not a parsed object.');
    return { makeInput: () => text, ...(await loadRedoclyLint()) };
  }
  if (mode.startsWith('validate-')) {
    const validateSpec = tool === 'ours' ? await loadOurValidate() : loadTheirValidate();
    if (mode === 'validate-text') return { makeInput: () => text, ...validateSpec.fromText };
    const source = JSON.parse(text);
    // swagger-parser dereferences in place, so every run gets its own clone, made before the clock starts.
    return { makeInput: () => structuredClone(source), ...validateSpec.fromObject };
  }
  if (tool !== 'ours') throw new Error(`${tool} has no diff.`);
  const { diff } = await import('@svc/spec-toolkit');
  const source = JSON.parse(text);
  let target = source;
  let removed = null;
  if (mode.startsWith('diff-mutated-')) {
    target = structuredClone(source);
    removed = removeOperationAndResponse(target);
  }
  const summarize = (value) => ({ removed, ...summarizeDiff(value) });
  const call = ({ specA, specB }) => diff({ specA, specB });
  if (mode.endsWith('-text')) {
    const targetText = target === source ? text : `${JSON.stringify(target, null, 2)}`;
    return { makeInput: () => ({ specA: text, specB: targetText }), call, summarize };
  }
  return {
    makeInput: () => ({ specA: structuredClone(source), specB: structuredClone(target) }),
    call,
    summarize,
  };
}

/** Redocly CLI's engine: `lint` with its `minimal` ruleset (structure, unresolved refs, …). */
async function loadRedoclyLint() {
  const { createConfig, lintFromString } = await import('@redocly/openapi-core');
  const config = await createConfig({ extends: ['minimal'] });
  return {
    call: (source) => lintFromString({ source, absoluteRef: '/api.github.com.json', config }),
    summarize: (problems) => ({
      errorCount: problems.filter((problem) => problem.severity === 'error').length,
      warningCount: problems.filter((problem) => problem.severity === 'warn').length,
    }),
  };
}

async function loadOurValidate() {
  const { validate } = await import('@svc/spec-toolkit');
  const summarize = (value) => ({
    valid: value.valid,
    errorCount: value.errors.length,
    warningCount: value.warnings?.length ?? 0,
    firstErrors: value.errors.slice(0, 10),
  });
  const call = (spec) => validate({ spec });
  return { fromText: { call, summarize }, fromObject: { call, summarize } };
}

function loadTheirValidate() {
  const SwaggerParser = createRequire(import.meta.url)('@apidevtools/swagger-parser');
  const settle = (promise) =>
    promise.then(
      () => ({ valid: true }),
      (error) => ({ valid: false, message: String(error?.message ?? error).slice(0, 500) }),
    );
  const summarize = (value) => value;
  return {
    // Fairness: swagger-parser takes a path/URL or an object, never text. JSON.parse inside the timed
    // region is exactly what its own file route does after reading (its JSON parser plugin calls
    // JSON.parse), minus the disk read, so both sides start from the same in-memory string.
    fromText: { call: (text) => settle(SwaggerParser.validate(JSON.parse(text))), summarize },
    fromObject: { call: (api) => settle(SwaggerParser.validate(api)), summarize },
  };
}

function summarizeDiff(value) {
  const counts = {};
  for (const [key, entry] of Object.entries(value ?? {})) {
    if (Array.isArray(entry)) counts[key] = entry.length;
  }
  return { counts, breaking: Array.isArray(value?.breaking) ? value.breaking.slice(0, 10) : undefined };
}
