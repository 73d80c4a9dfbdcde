// Shared by the hardening probes: start the probe server as a child, sign users in, sample the
// child's RSS and the latency of /healthz while a scenario runs.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';

export const ADMIN = { email: 'probe-admin@example.com', password: 'seeded root credential 4242' };

/** Starts `probe-server.mjs`; resolves `{ url, pid, cookieName, stop() }` once it listens. */
export async function startProbeServer() {
  const child = spawn(process.execPath, [new URL('./probe-server.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`probe server exited with ${code}`)));
  });
  const info = JSON.parse(first);
  return {
    ...info,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident set size and its peak (VmHWM) of a process, in MiB, from /proc. */
export function readMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMiB: field('VmRSS'), peakMiB: field('VmHWM') };
}

/** One request; answers `{ status, body, bytes, ms, headers }` (body parsed when JSON). */
export async function call(base, method, path, { body, cookie } = {}) {
  const headers = { origin: base };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const buffer = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('json') && buffer.length > 0 ? JSON.parse(buffer.toString('utf8')) : undefined;
  return { status: response.status, body: parsed, bytes: buffer.length, ms, headers: response.headers };
}

/** Signs in and answers the session cookie (`name=value`). */
export async function signIn(server, credentials) {
  const response = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${server.cookieName}=`));
  if (!line) throw new Error('login set no session cookie');
  return line.split(';')[0];
}

/** Signs up a member (development servers verify at once) and answers their cookie. */
export async function signUpMember(server, email) {
  const credentials = { email, password: 'quiet lantern over harbour 77' };
  const signup = await call(server.url, 'POST', '/auth/signup', { body: credentials });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  return signIn(server, credentials);
}

// The /healthz sampler runs on its own thread, so the probe's own work (reading a 200 MB answer)
// never delays a health check and shows up as the server's latency.
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
const latencies = [];
const slow = [];
const origin = performance.now();
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    await fetch(workerData.url + '/healthz').then((r) => r.arrayBuffer());
    const ms = performance.now() - started;
    latencies.push(ms);
    if (ms > 250) slow.push({ atMs: Math.round(started - origin), ms: Math.round(ms) });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage({ latencies, slow });
})();
`;

/**
 * Samples `/healthz` (one request at a time, back to back with a 20 ms pause, from a worker
 * thread) and the child's memory every 50 ms until `stop()`; answers the worst and 99th
 * percentile health latency, how many checks took over 250 ms, and the peak RSS.
 */
export function startSampling(server) {
  try {
    // Resets the kernel's peak-RSS mark (VmHWM), so the peak is this scenario's own.
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the 50 ms samples still bound the peak from below.
  }
  const baseline = readMemory(server.pid);
  let peakRssMiB = baseline.rssMiB;
  const sampler = new Worker(SAMPLER, { eval: true, workerData: { url: server.url } });
  const samples = new Promise((resolve) => sampler.once('message', resolve));
  const memory = setInterval(() => {
    peakRssMiB = Math.max(peakRssMiB, readMemory(server.pid).rssMiB);
  }, 50);
  return {
    async stop() {
      clearInterval(memory);
      sampler.postMessage('stop');
      const { latencies: all, slow } = await samples;
      const sorted = all.sort((a, b) => a - b);
      await sampler.terminate();
      const end = readMemory(server.pid);
      return {
        rssBeforeMiB: Math.round(baseline.rssMiB),
        peakRssMiB: Math.round(Math.max(peakRssMiB, end.peakMiB)),
        worstHealthzMs: Math.round(sorted.at(-1) ?? 0),
        p99HealthzMs: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
        healthzOver250Ms: sorted.filter((ms) => ms > 250).length,
        slowChecks: slow.slice(0, 10),
        healthChecks: sorted.length,
      };
    },
  };
}
