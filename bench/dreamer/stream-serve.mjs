// Child process of the stream-start bench: starts, side by side, a bare Fastify 5 SSE route (the
// floor) and the built svc server with the zero-latency fake provider on SQLite in a temporary
// directory; creates an API key for the seeded admin over HTTP; prints one JSON line with the
// URLs and the keys, then serves until it receives SIGTERM.
// Env: BENCH_USERS (default 1): the run routes allow 30 runs per user per minute, so a long
// sequential run rotates over that many admins' keys; users after the first are made through
// the gate in this process (signup, admin role, login, key), which the auth routes' per-IP
// limits (20 signups an hour, 10 logins a minute) would not allow over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { callServer } from '../shared/bench-support.mjs';
import { createFakeRegistry } from './fake-provider.mjs';

const serverDist = new URL('../../apps/server/dist/index.js', import.meta.url);
const { buildServer, loadConfig } = await import(serverDist.href);

const ADMIN = { email: 'bench-admin@example.com', password: 'seeded root credential 4242' };

/** The floor: a POST route that parses the JSON body, hijacks the reply and writes `start` at once. */
async function startFloor() {
  const app = Fastify();
  app.post('/stream', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const runId = 'floor';
    reply.raw.write(
      `event: start\ndata: ${JSON.stringify({ type: 'start', runId, topic: request.body.topic })}\n\n`,
    );
    reply.raw.end(`event: done\ndata: ${JSON.stringify({ type: 'done', runId })}\n\n`);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `${url}/stream` };
}

/** One more admin with an API key, through the gate's services (no HTTP rate limits). */
async function createAdminKey(gate, index) {
  const credentials = { email: `bench-${index}@example.com`, password: `${ADMIN.password} ${index}` };
  const { user } = await gate.auth.signup(credentials);
  await gate.auth.setRoles({ userId: user.id, roles: ['member', 'admin'] });
  const { session } = await gate.auth.login(credentials);
  const caller = await gate.identify({ sessionToken: session.token });
  return (await gate.keys.create({ user: caller, name: 'bench' })).key;
}

/** The svc server on a fresh SQLite file with the fake provider, and an API key of the seeded admin. */
async function startSvc() {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-dreamer-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'silent',
    SVC_DATA_DIR: dataDir,
    SVC_PASSWORD_COST: '10',
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
  });
  const app = await buildServer({ config, modelProviders: createFakeRegistry() });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await callServer(url, 'POST', '/auth/login', { body: ADMIN });
  const line = login.response.headers.getSetCookie().find((c) => c.startsWith(`${config.cookieName}=`));
  if (!line) throw new Error('login set no session cookie');
  const cookie = line.split(';')[0];
  const keys = [(await callServer(url, 'POST', '/keys', { body: { name: 'bench' }, cookie })).body.key];
  for (let index = 1; index < Number(process.env.BENCH_USERS || 1); index++) {
    keys.push(await createAdminKey(app.gate, index));
  }
  return {
    app,
    url: `${url}/api/dreamer/run/stream`,
    apiKeys: keys,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const floor = await startFloor();
const svc = await startSvc();
process.stdout.write(`${JSON.stringify({ floorUrl: floor.url, svcUrl: svc.url, apiKeys: svc.apiKeys })}\n`);

let stopping = false;
process.on('SIGTERM', async () => {
  if (stopping) return;
  stopping = true;
  await floor.app.close();
  await svc.close();
  process.exit(0);
});
