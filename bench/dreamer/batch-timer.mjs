// Times an async task in many small batches: warm-up, then batches until both a minimum number
// of runs and a minimum duration are reached. Reports per-run median, p95 and min (each batch's
// time divided by its size), runs per second, the peak V8 heap above the start of the timed
// phase and the bytes allocated per run, both from `v8.GCProfiler`.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

/** The value at quantile `q` (0..1) of an ascending array, nearest rank. */
export function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Measures `task` (an async function of no arguments, one run per call).
 * Returns milliseconds per run, runs/s, heap numbers in bytes and the counts.
 */
export async function timeBatches(
  task,
  { warmupRuns = 300, batchSize = 10, minRuns = 2000, minSeconds = 3 } = {},
) {
  for (let i = 0; i < warmupRuns; i++) await task();
  collectGarbage();
  const heapStart = v8.getHeapStatistics().used_heap_size;
  const profiler = new v8.GCProfiler();
  profiler.start();
  const perRun = [];
  let runs = 0;
  const started = performance.now();
  while (runs < minRuns || performance.now() - started < minSeconds * 1000) {
    const batchStarted = performance.now();
    for (let i = 0; i < batchSize; i++) await task();
    perRun.push((performance.now() - batchStarted) / batchSize);
    runs += batchSize;
  }
  const elapsedMs = performance.now() - started;
  const heapEnd = v8.getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop();
  let heapPeak = heapEnd;
  let allocated = 0;
  let previous = heapStart;
  for (const gc of statistics) {
    const before = gc.beforeGC.heapStatistics.usedHeapSize;
    heapPeak = Math.max(heapPeak, before);
    allocated += Math.max(0, before - previous);
    previous = gc.afterGC.heapStatistics.usedHeapSize;
  }
  allocated += Math.max(0, heapEnd - previous);
  perRun.sort((a, b) => a - b);
  return {
    runs,
    batches: perRun.length,
    batchSize,
    seconds: elapsedMs / 1000,
    medianMs: quantile(perRun, 0.5),
    p95Ms: quantile(perRun, 0.95),
    minMs: perRun[0],
    runsPerSecond: runs / (elapsedMs / 1000),
    heapPeakDeltaBytes: heapPeak - heapStart,
    allocatedBytesPerRun: allocated / runs,
    gcCount: statistics.length,
  };
}
