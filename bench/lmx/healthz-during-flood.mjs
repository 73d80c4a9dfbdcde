// Does the server keep serving while the script engine is flooded with hostile runs?
// Starts the built svc server in a child process (SQLite in a temporary directory), signs up a
// few users, measures GET /healthz latency at rest, then again while every user keeps its
// allowed number of hostile scripts running through POST /api/lmx/run (endless loops, heap,
// output and string floods, emit loops, deep nesting). Prints both distributions and how the
// flood runs ended. Measures the built packages: build first (see bench/README.md).
//
//   node lmx/healthz-during-flood.mjs [--users 4] [--seconds 15] [--probe-ms 25] [--time-ms 2000]
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { callServer, warnIfStale } from '../shared/bench-support.mjs';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    users: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '15' },
    'probe-ms': { type: 'string', default: '25' },
    'time-ms': { type: 'string', default: '2000' },
  },
});

const HOSTILE = [
  { mode: 'lmx', source: 'while true end' },
  { mode: 'lmx', source: 'while true let s = upper(repeat("ab", 400000)) end' },
  { mode: 'lmx', source: 'while true print "flood" end' },
  { mode: 'lmx', source: 'let s = "ab"\nwhile true s = s + s end' },
  {
    mode: 'lmx',
    source:
      'let keep = []\nlet s = repeat("x", 900000)\nwhile true push(keep, upper(s + str(len(keep)))) end',
  },
  { mode: 'lmx', source: 'fn f(n) return f(n + 1) end\nprint f(0)' },
  { mode: 'lmz', source: 'ON ping DO EMIT ping END\nEMIT ping' },
  { mode: 'lmc', source: `${'('.repeat(100_000)}1 m` },
  { mode: 'lmn', source: 'FOR i IN range(100000)\n  NOTIFY email TO "a@b.c" SUBJECT "n {{i}}"\nEND' },
];

if (args.serve) {
  await serve();
} else {
  await measure();
}

/** Child: the built server on loopback; prints its URL and session cookies, serves until SIGTERM. */
async function serve() {
  const { buildServer, loadConfig } = await import(
    new URL('../../apps/server/dist/index.js', import.meta.url).href
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-lmx-flood-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    SVC_DATA_DIR: dataDir,
    SVC_PASSWORD_COST: '12',
    SVC_LMX_TIME_MS: args['time-ms'],
    SVC_LMX_RUNS_PER_MINUTE: '10000',
  });
  const app = await buildServer({ config });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const cookies = [];
  for (let index = 0; index < Number(args.users); index += 1) {
    const user = {
      email: `flood-${index}-${Date.now()}@example.com`,
      password: 'quiet lantern over harbour 77',
    };
    await callServer(url, 'POST', '/auth/signup', { body: user });
    const login = await callServer(url, 'POST', '/auth/login', { body: user });
    const line = login.response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${config.cookieName}=`));
    cookies.push(line.split(';')[0]);
  }
  process.send({ url, cookies });
  process.on('SIGTERM', async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/** Parent: the probes and the flood, from another process than the server's. */
async function measure() {
  warnIfStale(['packages/lmx-interpreters', 'apps/server']);
  const child = fork(
    new URL(import.meta.url),
    ['--serve', '--users', args.users, '--time-ms', args['time-ms']],
    {
      stdio: 'inherit',
    },
  );
  const { url, cookies } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  const probeMs = Number(args['probe-ms']);
  try {
    await sleep(1000); // let the warm workers start
    const idle = await probe(url, 3000, probeMs);
    let stop = false;
    const ended = new Map();
    const flood = cookies.flatMap((cookie, user) =>
      [0, 1].map(async (lane) => {
        for (let round = 0; !stop; round += 1) {
          const script = HOSTILE[(user * 2 + lane + round) % HOSTILE.length];
          const response = await fetch(`${url}/api/lmx/run`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: url, cookie },
            body: JSON.stringify(script),
          });
          const body = await response.json();
          const key = response.status === 200 ? (body.error?.code ?? 'ok') : `HTTP ${response.status}`;
          ended.set(key, (ended.get(key) ?? 0) + 1);
        }
      }),
    );
    const busy = await probe(url, Number(args.seconds) * 1000, probeMs);
    stop = true;
    await Promise.all(flood);
    report(idle, busy, ended);
  } finally {
    child.kill('SIGTERM');
  }
}

async function probe(url, durationMs, everyMs) {
  const samples = [];
  let failures = 0;
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
    } catch {
      failures += 1;
    }
    samples.push(performance.now() - started);
    await sleep(everyMs);
  }
  return { samples: samples.sort((a, b) => a - b), failures };
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function report(idle, busy, ended) {
  const row = (name, { samples, failures }) =>
    `| ${name} | ${samples.length} | ${failures} | ${[0.5, 0.95, 0.99].map((q) => quantile(samples, q).toFixed(2)).join(' | ')} | ${samples.at(-1).toFixed(2)} |`;
  console.log('GET /healthz latency (ms), probing from another process than the server');
  console.log('| phase | probes | failed | p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(row('idle', idle));
  console.log(row(`flood (${args.users} users × 2 hostile runs)`, busy));
  console.log(
    `ratio p50 flood/idle: ${(quantile(busy.samples, 0.5) / quantile(idle.samples, 0.5)).toFixed(2)}×`,
  );
  console.log(`flood runs by outcome: ${JSON.stringify(Object.fromEntries([...ended].sort()))}`);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
