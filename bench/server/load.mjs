// One load run, reduced to the numbers the report prints: wrk pinned to the generator's cores
// when wrk and taskset are here (the server measured, not the generator), else autocannon's
// programmatic API in this process (then the generator competes with the server for CPU).
import autocannon from 'autocannon';
import { hasCommand, planCores } from './cores.mjs';
import { runWrk } from './wrk-load.mjs';

/** Which load generator this run uses, and where, for the report's first line. */
export function chooseGenerator() {
  const cores = planCores();
  if (hasCommand('wrk'))
    return {
      kind: 'wrk',
      cores,
      describe: cores.pinned
        ? `wrk on core ${cores.load}, servers pinned to core ${cores.server} (taskset)`
        : 'wrk, nothing pinned (one core or no taskset): generator and server share the CPU',
    };
  return {
    kind: 'autocannon',
    cores: { pinned: false, count: cores.count },
    describe:
      'autocannon in the bench process (wrk not installed: `apt-get install wrk` for figures the generator does not bound)',
  };
}

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
  generator,
}) {
  if (generator?.kind === 'wrk') {
    const cores = generator.cores.pinned ? generator.cores.load : undefined;
    if (warmup > 0) await runWrk({ name, url, headers, connections, duration: warmup, cores });
    const cpuBefore = await sampleServerCpu();
    const result = await runWrk({ name, url, headers, connections, duration, cores });
    const cpuAfter = await sampleServerCpu();
    const serverCpuMicros = cpuAfter.user - cpuBefore.user + (cpuAfter.system - cpuBefore.system);
    return { ...result, serverCpuMicrosPerRequest: serverCpuMicros / result.requestsTotal };
  }
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
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      average: result.latency.average,
    },
    // CPU the server process spent per request: independent of how fast the load generator is.
    serverCpuMicrosPerRequest: serverCpuMicros / result.requests.total,
  };
}
