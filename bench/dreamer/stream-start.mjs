// Time to the first SSE event of `POST /api/dreamer/run/stream` on the real svc server (SQLite,
// zero-latency fake provider, API key), and to its `done` event (a full six-stage run with
// SQLite checkpoints), against a bare Fastify 5 route that hijacks the reply and writes
// `event: start` at once: the floor any Fastify SSE route pays. Target: first event ≤ 20 ms.
// Two svc cases: the fake provider answering at once, and yielding to the event loop once per
// call (fake-provider.mjs says why that matters). Servers run in a child process
// (stream-serve.mjs); requests are sequential over one keep-alive connection per case, one
// request per case in turn, so drift hits every case alike.
// Needs the built server: `npx -y pnpm@10.34.8 exec turbo run build --filter=@svc/server...`.
//   node bench/dreamer/stream-start.mjs [--requests 1000] [--warmup 100]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { quantile } from './batch-timer.mjs';
import { YIELDING_MODEL } from './fake-provider.mjs';
import { createConnection, timeStream } from './sse-client.mjs';

export const FIRST_EVENT_TARGET_MS = 20;
/** DREAM_RUN_RATE_LIMIT of apps/server/src/dreamer/dreamer-routes.ts. */
const RUNS_PER_USER_PER_MINUTE = 30;
const BODY = {
  topic: 'tools for hobby beekeepers',
  inputValues: { constraints: 'two developers, three months' },
};

/** Starts stream-serve.mjs and waits for its JSON line of URLs and API keys. */
function startServers(users) {
  const script = fileURLToPath(new URL('stream-serve.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, BENCH_USERS: String(users) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString('utf8');
      const newline = output.indexOf('\n');
      if (newline === -1 || output.length - chunk.length > newline) return;
      resolve({
        info: JSON.parse(output.slice(0, newline)),
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    exited.then((code) => reject(new Error(`stream-serve.mjs exited (${code}) before it was ready`)));
  });
}

function summarize(samples, field) {
  const values = samples.map((sample) => sample[field]).sort((a, b) => a - b);
  const mean = values.reduce((total, value) => total + value, 0) / values.length;
  return { medianMs: quantile(values, 0.5), p95Ms: quantile(values, 0.95), minMs: values[0], meanMs: mean };
}

/**
 * Runs the floor and the two svc cases in turn, one request each per round, and returns the
 * per-event summaries. The svc cases differ only in the fake provider's model: `m` answers with
 * a resolved promise, `m-io` after one turn of the event loop (see fake-provider.mjs).
 */
export async function measureStreamStart({ requests = 1000, warmup = 100 } = {}) {
  const plan = [
    { name: 'bare Fastify hijack (floor)', floor: true, body: BODY },
    { name: 'svc, provider answers at once', body: BODY },
    { name: 'svc, provider yields once', body: { ...BODY, provider: 'fake', model: YIELDING_MODEL } },
  ];
  const svcRequests = (warmup + requests) * (plan.length - 1);
  // Each key stays under the routes' per-user limit for the whole run, however fast it goes.
  const users = Math.ceil(svcRequests / (RUNS_PER_USER_PER_MINUTE - 1));
  const servers = await startServers(users);
  try {
    const { floorUrl, svcUrl, apiKeys } = servers.info;
    let keyIndex = 0;
    for (const step of plan) {
      Object.assign(step, { agent: createConnection(), url: step.floor ? floorUrl : svcUrl, samples: [] });
    }
    for (let i = 0; i < warmup + requests; i++) {
      for (const step of plan) {
        const headers = step.floor ? {} : { authorization: `Bearer ${apiKeys[keyIndex++ % apiKeys.length]}` };
        const sample = await timeStream({ ...step, headers });
        if (i >= warmup) step.samples.push(sample);
      }
    }
    const cases = plan.map((step) => {
      step.agent.destroy();
      return {
        name: step.name,
        bytes: step.samples[0].bytes,
        headers: summarize(step.samples, 'headersMs'),
        start: summarize(step.samples, 'startMs'),
        done: summarize(step.samples, 'doneMs'),
      };
    });
    return { requests, warmup, users, client: 'node:http, keep-alive Agent, 1 socket per case', cases };
  } finally {
    await servers.stop();
  }
}

const fixed = (value, digits = 3) => value.toFixed(digits);

/** Prints the table and returns the target verdicts (one per svc case). */
export function printStreamStart(report) {
  const [floor, ...svcCases] = report.cases;
  console.log(
    `\ndreamer SSE: POST /api/dreamer/run/stream, ${report.requests} sequential requests per case (after ${report.warmup} warm-up), ` +
      `${report.client}; servers in a child process, SQLite, ${report.users} API keys in rotation`,
  );
  console.log(
    '| case | headers med ms | first event med ms | p95 | min | vs floor (med) | done med ms | p95 | bytes/stream |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const c of report.cases) {
    c.startVsFloor = c.start.medianMs / floor.start.medianMs;
    console.log(
      `| ${c.name} | ${fixed(c.headers.medianMs)} | ${fixed(c.start.medianMs)} | ${fixed(c.start.p95Ms)} | ${fixed(c.start.minMs)} | ${fixed(c.startVsFloor, 2)}× | ${fixed(c.done.medianMs)} | ${fixed(c.done.p95Ms)} | ${c.bytes} |`,
    );
  }
  return svcCases.map((c) => ({
    target: `SSE first event ≤ ${FIRST_EVENT_TARGET_MS} ms (${c.name})`,
    value: `${fixed(c.start.medianMs)} ms median, p95 ${fixed(c.start.p95Ms)} ms (${fixed(c.startVsFloor, 2)}× floor)`,
    met: c.start.medianMs <= FIRST_EVENT_TARGET_MS,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { requests: { type: 'string', default: '1000' }, warmup: { type: 'string', default: '100' } },
  });
  const report = await measureStreamStart({
    requests: Number(values.requests),
    warmup: Number(values.warmup),
  });
  for (const verdict of printStreamStart(report)) {
    console.log(`  ${verdict.met ? 'PASS' : 'MISS'} ${verdict.target}: ${verdict.value}`);
  }
}
