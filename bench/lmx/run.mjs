// The script engine against plain JavaScript and QuickJS compiled to WebAssembly
// (quickjs-emscripten, the usual choice for sandboxed scripting in Node), in one run:
// sandbox overhead (cold and warm) through runScript, and three compute workloads.
// Usage: node lmx/run.mjs [--runs 9] [--warm-runs 300] [--check] [--quick]
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createScriptRunner, executeScript } from '@svc/lmx-interpreters';
import { getQuickJS } from 'quickjs-emscripten';
import { QUICK, warnIfStale } from '../shared/bench-support.mjs';
import { measureHttpOverhead } from './http-overhead.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    'warm-runs': { type: 'string', default: '300' },
    check: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
});
const RUNS = QUICK ? 1 : Number(values.runs);
const WARM_RUNS = QUICK ? 1 : Number(values['warm-runs']);
warnIfStale(['packages/lmx-interpreters', 'apps/server']);

/** The same three programs in lmx and in JavaScript (a function body, run as an IIFE). */
const FULL_WORKLOADS = [
  {
    name: 'fib(25)',
    lmx: 'fn fib(n)\n  if n < 2 return n end\n  return fib(n - 1) + fib(n - 2)\nend\nreturn fib(25)',
    js: 'function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } return fib(25)',
    expected: 75025,
  },
  {
    name: 'loop 1e6',
    lmx: 'let i = 0\nlet s = 0\nwhile i < 1000000\n  s = s + i\n  i = i + 1\nend\nreturn s',
    js: 'let i = 0; let s = 0; while (i < 1000000) { s = s + i; i = i + 1 } return s',
    expected: 499999500000,
  },
  {
    name: 'string 1e5',
    lmx: 'let s = ""\nlet i = 0\nwhile i < 100000\n  s = s + "ab"\n  i = i + 1\nend\nreturn len(s)',
    js: 'let s = ""; let i = 0; while (i < 100000) { s = s + "ab"; i = i + 1 } return s.length',
    expected: 200000,
  },
];
/** `--quick`: the same three programs on tiny inputs. */
const QUICK_WORKLOADS = [
  {
    ...FULL_WORKLOADS[0],
    name: 'fib(12)',
    lmx: FULL_WORKLOADS[0].lmx.replace('fib(25)', 'fib(12)'),
    js: FULL_WORKLOADS[0].js.replace('fib(25)', 'fib(12)'),
    expected: 144,
  },
  {
    ...FULL_WORKLOADS[1],
    name: 'loop 1e3',
    lmx: FULL_WORKLOADS[1].lmx.replace('1000000', '1000'),
    js: FULL_WORKLOADS[1].js.replace('1000000', '1000'),
    expected: 499500,
  },
  {
    ...FULL_WORKLOADS[2],
    name: 'string 1e3',
    lmx: FULL_WORKLOADS[2].lmx.replace('100000', '1000'),
    js: FULL_WORKLOADS[2].js.replace('100000', '1000'),
    expected: 2000,
  },
];
const WORKLOADS = QUICK ? QUICK_WORKLOADS : FULL_WORKLOADS;

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const min = (list) => Math.min(...list);
const round = (value) => Math.round(value * 1000) / 1000;
const now = () => performance.now();

async function time(fn, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const started = now();
    await fn();
    times.push(now() - started);
  }
  return { median: round(median(times)), min: round(min(times)) };
}

function check(value, expected, who) {
  if (value !== expected) throw new Error(`${who} computed ${value}, expected ${expected}`);
}

// --- overhead ---------------------------------------------------------------------------
const coldTimes = [];
for (let run = 0; run < Math.min(RUNS, 5); run++) {
  const started = now();
  const cold = createScriptRunner({ poolSize: 0, maxWorkers: 1 });
  const result = await cold.run({ mode: 'lmx', source: 'print 1' });
  coldTimes.push(now() - started);
  check(result.output[0], '1', 'cold lmx');
  await cold.close();
}
const runner = createScriptRunner({
  poolSize: 1,
  maxWorkers: 1,
  maxLimits: { steps: 1e9, timeMs: 60_000, stringLength: 1e7 },
});
await runner.run({ mode: 'lmx', source: 'print 1' });
const warm = await time(async () => {
  const result = await runner.run({ mode: 'lmx', source: 'print 1' });
  check(result.output[0], '1', 'warm lmx');
}, WARM_RUNS);
const QuickJS = await getQuickJS();
const quickWarm = await time(() => {
  const context = QuickJS.newContext();
  const value = context.unwrapResult(context.evalCode('1')).consume(context.dump);
  context.dispose();
  check(value, 1, 'QuickJS');
}, WARM_RUNS);

const http = await measureHttpOverhead({ runs: WARM_RUNS, time });

// --- compute ----------------------------------------------------------------------------
const limits = { steps: 1e9, timeMs: 60_000, stringLength: 1e7 };
const rows = [];
for (const workload of WORKLOADS) {
  const viaRunner = await time(async () => {
    const result = await runner.run({ mode: 'lmx', source: workload.lmx, limits });
    check(result.value, workload.expected, `lmx ${workload.name}`);
  }, RUNS);
  const inProcess = await time(() => {
    const result = executeScript({ mode: 'lmx', source: workload.lmx, limits });
    check(result.value, workload.expected, `lmx in-process ${workload.name}`);
  }, RUNS);
  const context = QuickJS.newContext();
  const quick = await time(() => {
    const value = context
      .unwrapResult(context.evalCode(`(() => { ${workload.js} })()`))
      .consume(context.dump);
    check(value, workload.expected, `QuickJS ${workload.name}`);
  }, RUNS);
  context.dispose();
  // Plain JavaScript: the same source compiled once by V8 (new Function is the bench's own
  // code here, never script input), then run.
  const compiled = new Function(workload.js);
  const native = await time(() => check(compiled(), workload.expected, `JS ${workload.name}`), RUNS);
  rows.push({ name: workload.name, lmx: viaRunner, lmxInProcess: inProcess, quickjs: quick, js: native });
}
await runner.close();

// --- report -----------------------------------------------------------------------------
const ratio = (a, b) => (b > 0 ? round(a / b) : null);
console.log('\nSandbox overhead per run (print 1)');
console.table({
  'lmx cold (new runner + worker start)': {
    median_ms: round(median(coldTimes)),
    min_ms: round(min(coldTimes)),
  },
  'lmx warm (runScript, warm pool)': { median_ms: warm.median, min_ms: warm.min },
  'QuickJS-wasm (new context + eval)': { median_ms: quickWarm.median, min_ms: quickWarm.min },
  ...(http
    ? {
        'HTTP POST /api/lmx/run (first after listen)': {
          median_ms: round(http.cold),
          min_ms: round(http.cold),
        },
        'HTTP POST /api/lmx/run (warm)': { median_ms: http.warm.median, min_ms: http.warm.min },
        'HTTP GET /healthz (the HTTP floor)': { median_ms: http.health.median, min_ms: http.health.min },
      }
    : {}),
});
if (!http) console.log('(apps/server is not built: the HTTP route was not measured)');
console.log('\nCompute, ms (median / min)');
console.table(
  Object.fromEntries(
    rows.map((row) => [
      row.name,
      {
        'lmx runScript': `${row.lmx.median} / ${row.lmx.min}`,
        'lmx in-process': `${row.lmxInProcess.median} / ${row.lmxInProcess.min}`,
        'QuickJS-wasm': `${row.quickjs.median} / ${row.quickjs.min}`,
        'plain JS': `${row.js.median} / ${row.js.min}`,
        'lmx ÷ JS': ratio(row.lmx.median, row.js.median),
        'lmx ÷ QuickJS': ratio(row.lmx.median, row.quickjs.median),
      },
    ]),
  ),
);
if (QUICK) {
  console.log('\n--quick: tiny inputs, one run; no targets, nothing written to results/.');
} else {
  const fib = rows.find((row) => row.name === 'fib(25)');
  const targets = {
    'fib(25) within 20× of JS (runScript)': ratio(fib.lmx.median, fib.js.median) <= 20,
    'faster than QuickJS-wasm on all three (runScript)': rows.every(
      (row) => row.lmx.median < row.quickjs.median,
    ),
    'warm overhead ≤ 5 ms median': warm.median <= 5,
  };
  console.log('\nTargets');
  for (const [name, met] of Object.entries(targets)) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${name}`);
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('../results/lmx.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), cold: coldTimes, warm, quickWarm, http, rows, targets }, null, 2)}\n`,
  );
  if (values.check && Object.values(targets).some((met) => !met)) process.exitCode = 1;
}
