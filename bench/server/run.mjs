// Server benchmark: wrk (pinned to its own core with taskset; autocannon when wrk is missing)
// against a bare Fastify 5 route and the svc server's `GET /auth/me` with a session cookie and
// with an API key, in the same run, with both servers pinned to another core, on SQLite and (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. Needs the built server. One
// instance against two on PostgreSQL and Redis: scale.mjs.
// Usage: node server/run.mjs [--connections 10] [--duration 10] [--warmup 2] [--check] [--cpu-prof] [--quick]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { QUICK, warnIfStale } from '../shared/bench-support.mjs';
import { pinProcess } from './cores.mjs';
import { chooseGenerator, measureLoad } from './load.mjs';
import { printCases, printTargets, readTargets } from './report.mjs';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    check: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
});
// --quick: one connection for one second per case, no warm-up, SQLite only.
const load = QUICK
  ? { connections: 1, duration: 1, warmup: 0 }
  : {
      connections: Number(values.connections),
      duration: Number(values.duration),
      warmup: Number(values.warmup),
    };
const resultsDir = new URL('../results/', import.meta.url);

assertBuilt();
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const databases = postgresUrl && !QUICK ? ['sqlite', 'postgres'] : ['sqlite'];
const generator = chooseGenerator();
console.log(
  `node ${process.version}, ${platform()}-${arch()}, ${cpus().length} CPU; ${load.connections} connections, ` +
    `${load.duration} s per case after a ${load.warmup} s warm-up; servers in a child process; load: ${generator.describe}`,
);
if (!postgresUrl && !QUICK)
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.');

const runs = [];
for (const database of databases) {
  const child = await startServers(database === 'postgres' ? postgresUrl : '');
  try {
    const { info } = child;
    const plan = [
      { name: 'bare fastify', url: info.bareUrl },
      { name: 'svc GET /healthz (no auth)', url: `${info.svcUrl}/healthz` },
      {
        name: 'svc GET /auth/me cookie',
        url: `${info.svcUrl}/auth/me`,
        headers: { cookie: info.cookie },
        authenticated: true,
      },
      {
        name: 'svc GET /auth/me API key',
        url: `${info.svcUrl}/auth/me`,
        headers: { authorization: `Bearer ${info.apiKey}` },
        authenticated: true,
      },
    ];
    const cases = [];
    for (const step of plan) {
      process.stdout.write(`  ${database}: ${step.name} ...`);
      const result = await measureLoad({ ...step, ...load, sampleServerCpu: child.sampleCpu, generator });
      cases.push({ ...result, authenticated: Boolean(step.authenticated) });
      process.stdout.write(` ${result.requestsPerSecond.toFixed(0)} req/s\n`);
    }
    runs.push({ database, cases });
  } finally {
    await child.stop();
  }
}

for (const run of runs) printCases(run.database, run.cases);
if (QUICK) {
  console.log('\n--quick: one connection, one second per case; no targets, nothing written to results/.');
} else {
  const targets = runs.flatMap((run) => readTargets(run.database, run.cases));
  printTargets(targets);

  mkdirSync(resultsDir, { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    environment: { node: process.version, platform: platform(), arch: arch(), cpus: cpus().length },
    generator: generator.describe,
    load,
    runs: runs.map((run) => ({
      ...run,
      cases: run.cases.map(({ url, ...rest }) => ({ ...rest, path: new URL(url).pathname })),
    })),
    targets,
  };
  const resultsFile = new URL('server.json', resultsDir);
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${fileURLToPath(resultsFile)}`);
  if (values.check && targets.some((target) => !target.met)) process.exitCode = 1;
}

/** Starts serve.mjs and waits for its JSON line of URLs and credentials. */
function startServers(databaseUrl) {
  const args = [];
  if (values['cpu-prof']) {
    const dir = fileURLToPath(new URL('server-profiles/', resultsDir));
    mkdirSync(dir, { recursive: true });
    args.push('--cpu-prof', '--cpu-prof-dir', dir);
    console.log(`CPU profile of the server process: ${dir}`);
  }
  const child = spawn(process.execPath, [...args, fileURLToPath(new URL('serve.mjs', import.meta.url))], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // Both servers on the server core, before they start their threads (taskset -a covers them all).
  if (generator.cores.pinned) pinProcess(child.pid, generator.cores.server);
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    child.stdout.on('data', (chunk) => {
      output += chunk.toString('utf8');
      const newline = output.indexOf('\n');
      if (ready || newline === -1) return;
      ready = true;
      const info = JSON.parse(output.slice(0, newline));
      resolve({
        info,
        sampleCpu: () =>
          new Promise((answer) => {
            child.once('message', (message) => answer(message.cpu));
            child.send('cpu');
          }),
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    exited.then((code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
  });
}

/** The bench measures the built server; a stale or missing dist would measure the wrong code. */
function assertBuilt() {
  const built = new URL('../../apps/server/dist/index.js', import.meta.url);
  if (!existsSync(built)) {
    console.error(
      'apps/server is not built: run `npx -y pnpm@10.34.8 exec turbo run build --filter=@svc/server...` first.',
    );
    process.exit(1);
  }
  warnIfStale(['apps/server', 'packages/gate']);
}
