// One load run with autocannon's programmatic API, reduced to the numbers the report prints.
import autocannon from 'autocannon';

/**
 * Fires `connections` keep-alive connections at `url` for `duration` seconds after a discarded
 * warm-up of `warmup` seconds. Every response must be 2xx: a run that measures 401s or 429s
 * would report the speed of refusing, so it fails instead.
 */
export async function measureLoad({
  name,
  url,
  headers = {},
  connections,
  duration,
  warmup,
  sampleServerCpu,
}) {
  if (warmup > 0) await autocannon({ url, headers, connections, duration: warmup });
  const cpuBefore = await sampleServerCpu();
  const result = await autocannon({ url, headers, connections, duration });
  const cpuAfter = await sampleServerCpu();
  const serverCpuMicros = cpuAfter.user - cpuBefore.user + (cpuAfter.system - cpuBefore.system);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ${result.timeouts} timeouts out of ${result.requests.total}`,
    );
  }
  return {
    name,
    url,
    requestsTotal: result.requests.total,
    requestsPerSecond: result.requests.average,
    requestsPerSecondStddev: result.requests.stddev,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    throughputBytesPerSecond: result.throughput.average,
    // CPU the server process spent per request: independent of how fast the load generator is.
    serverCpuMicrosPerRequest: serverCpuMicros / result.requests.total,
  };
}
