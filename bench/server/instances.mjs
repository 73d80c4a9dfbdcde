// Real server processes for the scale bench: `node apps/server/dist/start.js` as an operator
// starts it, on one PostgreSQL schema and one Redis prefix, each on a free loopback port.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const START = fileURLToPath(new URL('../../apps/server/dist/start.js', import.meta.url));
// pg is a dependency of the server, not of the bench: resolve it from there.
const pg = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A PostgreSQL schema of its own and a Redis prefix of its own: what N instances share. */
export async function createSharedStores(postgresUrl, redisUrl) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  const separator = postgresUrl.includes('?') ? '&' : '?';
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-scale-'));
  return {
    environment: {
      DATABASE_URL: `${postgresUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      SVC_REDIS_URL: redisUrl,
      SVC_REDIS_PREFIX: `${schema}:`,
      SVC_DATA_DIR: dataDir,
    },
    async drop() {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system, µs) of process `pid` so far, from /proc. */
export function readProcessCpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Starts one instance and waits until `/readyz` answers 200. `pin(pid)` runs right after the
 * spawn, before the server starts its threads. NODE_ENV=test skips the docs site warm-up at
 * start (start-up CPU is not what this bench measures) and changes nothing else on the path.
 */
export async function startInstance({ name, environment, pin }) {
  const port = await freePort();
  const child = spawn(process.execPath, [START], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      SVC_PASSWORD_COST: '12',
      SVC_INSTANCE_ID: name,
      ...environment,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  pin?.(child.pid);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 600) throw new Error(`${name} was not ready after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name,
    url,
    pid: child.pid,
    cpuMicros: () => readProcessCpuMicros(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
