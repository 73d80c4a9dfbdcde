// Metrics overhead: the built server started twice as its own process (SQLite in a temporary
// directory), once without metrics and once with SVC_METRICS_TOKEN, loaded in turns with
// autocannon on GET /healthz (the cheapest route, so the relative cost is the largest) and
// GET /readyz (one database read). Rounds alternate off/on so drift on a shared machine hits both.
// Usage (from the repository root, after building): node bench/server/metrics-overhead.mjs [--rounds 3] [--duration 5] [--connections 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const START = fileURLToPath(new URL('../../apps/server/dist/start.js', import.meta.url));
const TOKEN = 'bench-metrics-token-0123456789abcdef0123';

async function startServer(extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-metrics-bench-'));
  const child = spawn(process.execPath, [START], {
    env: { PATH: process.env.PATH, PORT: '0', SVC_DATA_DIR: dataDir, ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The port (PORT=0) is read from the start line, logged at info.
  const url = await new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const match = /svc server listening on (http:\/\/[\d.]+:\d+)/.exec(buffer);
      if (match === null) return;
      resolve(match[1]);
      // Keep draining the pipe without keeping the lines.
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: Number(values.connections), duration: Number(values.duration) },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const off = await startServer({ LOG_LEVEL: 'info' });
const on = await startServer({ LOG_LEVEL: 'info', SVC_METRICS_TOKEN: TOKEN });
const results = { off: { '/healthz': [], '/readyz': [] }, on: { '/healthz': [], '/readyz': [] } };
try {
  for (const path of ['/healthz', '/readyz']) {
    await load(`${off.url}${path}`);
    await load(`${on.url}${path}`); // warm-up of both
    for (let round = 0; round < Number(values.rounds); round += 1) {
      for (const [name, server] of round % 2 === 0
        ? [
            ['off', off],
            ['on', on],
          ]
        : [
            ['on', on],
            ['off', off],
          ]) {
        const result = await load(`${server.url}${path}`);
        results[name][path].push({ rps: result.requests.average, p99: result.latency.p99 });
      }
    }
  }
  const scrape = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await scrape.text();
  console.log(
    `scrape: ${scrape.status}, ${text.length} bytes, ${text.split('\n').filter((l) => l && !l.startsWith('#')).length} samples`,
  );
} finally {
  await off.stop();
  await on.stop();
}
console.log(
  `node ${process.version}; ${values.connections} connections, ${values.duration} s per run, ${values.rounds} rounds`,
);
for (const path of ['/healthz', '/readyz']) {
  const offRps = median(results.off[path].map((r) => r.rps));
  const onRps = median(results.on[path].map((r) => r.rps));
  console.log(
    `GET ${path}: metrics off ${offRps.toFixed(0)} req/s (p99 ${median(results.off[path].map((r) => r.p99))} ms), ` +
      `on ${onRps.toFixed(0)} req/s (p99 ${median(results.on[path].map((r) => r.p99))} ms): ${(((onRps - offRps) / offRps) * 100).toFixed(1)} %`,
  );
  console.log(
    `  runs off ${results.off[path].map((r) => r.rps.toFixed(0)).join(' ')}; on ${results.on[path].map((r) => r.rps.toFixed(0)).join(' ')}`,
  );
}
