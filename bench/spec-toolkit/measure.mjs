import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CASE_SCRIPT = fileURLToPath(new URL('./case.mjs', import.meta.url));
const MIB = 1024 * 1024;

/**
 * Runs one case in a fresh `node --expose-gc` child and returns its timings, its peak RSS above
 * the baseline (module and input loaded) and its peak V8 heap above the heap each run started from.
 */
export function measureCase({ tool, mode, runs, warmups }) {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', CASE_SCRIPT, tool, mode, String(runs), String(warmups)],
    { stdio: ['ignore', 'ignore', 'inherit', 'pipe'], timeout: 150_000, encoding: 'utf8' },
  );
  const resultLine = child.output[3]?.trim();
  if (child.status !== 0 || !resultLine) {
    const why = child.error?.message ?? `exit ${child.status ?? child.signal}`;
    throw new Error(`case ${tool} ${mode} failed (${why})`);
  }
  const result = JSON.parse(resultLine);
  return {
    ...result,
    rssPeakMiB: result.rssPeakBytes / MIB,
    baselineRssMiB: result.baselineRssBytes / MIB,
    heapPeakMiB: result.heapPeakBytes / MIB,
  };
}
