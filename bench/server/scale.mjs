// Scale-out benchmark: one svc instance against two on one PostgreSQL and one Redis (the
// topology of docs/deploy/scale-out.md), on the authenticated route `GET /auth/me` with a
// session cookie, driven by wrk pinned away from the servers (taskset). In one run:
//   1 instance          — the instance on the server core, wrk on the generator core(s);
//   2 instances, 1 core — both on the server core, two wrk (half the connections each, as a load
//                         balancer would split them): the cost of coordination at equal CPU;
//   2 instances, 2 cores — the second instance on the next core; on a 2-core machine that core
//                         is the generator's too, so the figure is shared, and the report says so.
// Needs the built server, wrk, PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and Redis
// (BENCH_REDIS_URL, TEST_REDIS_URL or redis://127.0.0.1:6379).
// Usage: node server/scale.mjs [--connections 16] [--duration 10] [--warmup 2] [--quick]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { callServer, QUICK } from '../shared/bench-support.mjs';
import { hasCommand, pinProcess, planCores } from './cores.mjs';
import { createSharedStores, startInstance } from './instances.mjs';
import { runWrk } from './wrk-load.mjs';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    quick: { type: 'boolean', default: false },
  },
});
const load = QUICK
  ? { connections: 2, duration: 1, warmup: 0 }
  : {
      connections: Number(values.connections),
      duration: Number(values.duration),
      warmup: Number(values.warmup),
    };
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

if (!existsSync(new URL('../../apps/server/dist/start.js', import.meta.url))) {
  console.error('apps/server is not built: run `npx -y pnpm@10.34.8 run build` first.');
  process.exit(1);
}
if (!postgresUrl || !hasCommand('wrk')) {
  console.log(
    `scale bench skipped: it needs ${!postgresUrl ? 'PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL)' : 'wrk (apt-get install wrk)'}.`,
  );
  process.exit(0);
}
const cores = planCores();
console.log(
  `node ${process.version}, ${platform()}-${arch()}, ${cores.count} CPU; ${load.connections} connections, ` +
    `${load.duration} s per case after a ${load.warmup} s warm-up; GET /auth/me with a session cookie; ` +
    (cores.pinned
      ? `instances on core ${cores.server} (and ${cores.second}), wrk on core ${cores.load}`
      : 'nothing pinned (one core or no taskset)'),
);

const stores = await createSharedStores(postgresUrl, redisUrl);
const pinTo = (core) => (cores.pinned ? (pid) => pinProcess(pid, core) : undefined);
const instances = [];
const results = [];
try {
  instances.push(
    await startInstance({ name: 'bench-a', environment: stores.environment, pin: pinTo(cores.server) }),
  );
  instances.push(
    await startInstance({ name: 'bench-b', environment: stores.environment, pin: pinTo(cores.server) }),
  );
  const [a, b] = instances;
  const user = { email: 'scale@example.com', password: 'quiet lantern over harbour 77' };
  await callServer(a.url, 'POST', '/auth/signup', { body: user });
  const login = await callServer(b.url, 'POST', '/auth/login', { body: user });
  const cookie = login.response.headers.getSetCookie()[0].split(';')[0];
  const headers = { cookie };

  /** Drives `targets` at once, the connections split between them; sums what they answered. */
  async function measure(name, targets) {
    const per = Math.max(1, Math.floor(load.connections / targets.length));
    const generatorCores = cores.pinned ? cores.load : undefined;
    const drive = (duration) =>
      Promise.all(
        targets.map((target) =>
          runWrk({
            name,
            url: `${target.url}/auth/me`,
            headers,
            connections: per,
            duration,
            cores: generatorCores,
          }),
        ),
      );
    if (load.warmup > 0) await drive(load.warmup);
    const cpuBefore = instances.map((instance) => instance.cpuMicros());
    const runs = await drive(load.duration);
    const cpuMicros = instances.reduce(
      (sum, instance, index) => sum + instance.cpuMicros() - cpuBefore[index],
      0,
    );
    const requestsTotal = runs.reduce((sum, run) => sum + run.requestsTotal, 0);
    const result = {
      name,
      requestsPerSecond: runs.reduce((sum, run) => sum + run.requestsPerSecond, 0),
      p99Ms: Math.max(...runs.map((run) => run.latencyMs.p99)),
      serverCpuMicrosPerRequest: cpuMicros / requestsTotal,
    };
    results.push(result);
    console.log(`  ${name} ... ${result.requestsPerSecond.toFixed(0)} req/s`);
  }

  await measure('1 instance', [a]);
  await measure('2 instances, 1 core', [a, b]);
  if (cores.pinned) {
    pinProcess(b.pid, cores.second);
    await measure(`2 instances, 2 cores${cores.count < 3 ? ' (core 1 shared with wrk)' : ''}`, [a, b]);
  }
} finally {
  for (const instance of instances) await instance.stop();
  await stores.drop();
}

const one = results[0];
console.log('\n| case | req/s | vs 1 instance | p99 ms | server CPU µs/req (all instances) |');
console.log('|---|---|---|---|---|');
for (const result of results) {
  console.log(
    `| ${result.name} | ${result.requestsPerSecond.toFixed(0)} | ${(result.requestsPerSecond / one.requestsPerSecond).toFixed(2)} | ${result.p99Ms.toFixed(2)} | ${result.serverCpuMicrosPerRequest.toFixed(1)} |`,
  );
}
if (QUICK) {
  console.log('\n--quick: two connections, one second per case; nothing written to results/.');
} else {
  const resultsDir = new URL('../results/', import.meta.url);
  mkdirSync(resultsDir, { recursive: true });
  const file = new URL('server-scale.json', resultsDir);
  writeFileSync(
    file,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), environment: { node: process.version, cpus: cores.count }, cores, load, results }, null, 2)}\n`,
  );
  console.log(`\nResults written to ${fileURLToPath(file)}`);
}
