// Dreamer (ideation pipeline) benchmarks, in one process run, with the targets:
//   orchestration overhead of a six-stage run against a zero-latency provider ≤ 5 ms per run,
//   side by side with the same pipeline as a LangChain chain (orchestration.mjs);
//   time to the first SSE event (`start`) of POST /api/dreamer/run/stream ≤ 20 ms, side by side
//   with a bare Fastify SSE route (stream-start.mjs, servers in a child process).
// Needs the built packages: `npx -y pnpm@10.34.8 exec turbo run build --filter=@svc/server...`.
//   node bench/dreamer/run.mjs [--min-runs 2000] [--min-seconds 3] [--requests 1000] [--warmup 100] [--check] [--quick]
import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { QUICK, warnIfStale } from '../shared/bench-support.mjs';
import { measureOrchestration, printOrchestration } from './orchestration.mjs';
import { measureStreamStart, printStreamStart } from './stream-start.mjs';

const { values } = parseArgs({
  options: {
    'min-runs': { type: 'string', default: '2000' },
    'min-seconds': { type: 'string', default: '3' },
    requests: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '100' },
    check: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
});

warnIfStale(['packages/dreamer-core', 'apps/server']);
const loadBefore = loadavg();
console.log(
  `node ${process.version}, ${platform()}-${arch()}, ${cpus().length} CPU, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}\n`,
);
const results = {
  generatedAt: new Date().toISOString(),
  environment: { node: process.version, platform: platform(), arch: arch(), cpus: cpus().length, loadBefore },
};
const verdicts = [];

// --quick: a handful of runs and requests, no targets, nothing written to results/.
results.orchestration = await measureOrchestration(
  QUICK
    ? { minRuns: 3, minSeconds: 0 }
    : { minRuns: Number(values['min-runs']), minSeconds: Number(values['min-seconds']) },
);
verdicts.push(...printOrchestration(results.orchestration));

try {
  results.stream = await measureStreamStart(
    QUICK ? { requests: 3, warmup: 1 } : { requests: Number(values.requests), warmup: Number(values.warmup) },
  );
  verdicts.push(...printStreamStart(results.stream));
} catch (error) {
  // A quick run is there to notice a bench that no longer runs: let it fail.
  if (QUICK) throw error;
  console.error(`\ndreamer SSE bench could not run: ${error.message}`);
  verdicts.push({ target: 'SSE first event (start) ≤ 20 ms', value: 'not measured', met: false });
}
if (QUICK) {
  console.log('\n--quick: a handful of runs and requests; no targets, nothing written to results/.');
} else {
  results.environment.loadAfter = loadavg();
  results.targets = verdicts;

  console.log('\n| target | measured | verdict |\n|---|---|---|');
  for (const v of verdicts) console.log(`| ${v.target} | ${v.value} | ${v.met ? 'PASS' : 'MISS'} |`);
  console.log(`load average after: ${results.environment.loadAfter.map((l) => l.toFixed(2)).join(' ')}`);

  const resultsDir = new URL('../results/', import.meta.url);
  mkdirSync(resultsDir, { recursive: true });
  const resultsFile = new URL('dreamer.json', resultsDir);
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResults written to ${fileURLToPath(resultsFile)}`);
  if (values.check && verdicts.some((v) => !v.met)) process.exitCode = 1;
}
