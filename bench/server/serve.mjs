// Child process of the server bench: starts a bare Fastify app and the built svc server side by
// side, provisions a session cookie and an API key through the svc server's real routes, prints
// one JSON line with the URLs and credentials, then serves until it receives SIGTERM.
// Env: BENCH_DATABASE_URL (PostgreSQL; empty for SQLite in a temporary directory).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { callServer } from '../shared/bench-support.mjs';

const serverDist = new URL('../../apps/server/dist/index.js', import.meta.url);
const { buildServer, loadConfig } = await import(serverDist.href);
// pg is a dependency of the server, not of the bench: resolve it from there.
const pg = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');

const ADMIN = { email: 'bench-admin@example.com', password: 'seeded root credential 4242' };
const USER = { email: 'load@example.com', password: 'quiet lantern over harbour 77' };

/** The peer: Fastify 5 with defaults (no logger), one GET route answering a small JSON body. */
async function startBare() {
  const app = Fastify();
  app.get(
    '/hello',
    { schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } },
    async () => ({ hello: 'world' }),
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/** A PostgreSQL schema of its own, so the bench never touches the database's other tables. */
async function createSchema(url) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  const separator = url.includes('?') ? '&' : '?';
  return {
    databaseUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

function sessionCookie(response, name) {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!line) throw new Error('login set no session cookie');
  return line.split(';')[0];
}

/** The svc server on a fresh database, with a developer's session cookie and API key. */
async function startSvc(databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const schema = databaseUrl ? await createSchema(databaseUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'silent',
    SVC_DATA_DIR: dataDir,
    DATABASE_URL: schema?.databaseUrl,
    SVC_PASSWORD_COST: '12',
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
  });
  const app = await buildServer({ config });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const signup = await callServer(url, 'POST', '/auth/signup', { body: USER });
  const userId = signup.body.user.id;
  const admin = sessionCookie(
    (await callServer(url, 'POST', '/auth/login', { body: ADMIN })).response,
    config.cookieName,
  );
  await callServer(url, 'PUT', `/auth/users/${userId}/roles`, {
    body: { roles: ['member', 'developer'] },
    cookie: admin,
  });
  const login = await callServer(url, 'POST', '/auth/login', { body: USER });
  const cookie = sessionCookie(login.response, config.cookieName);
  const key = (await callServer(url, 'POST', '/keys', { body: { name: 'bench' }, cookie })).body.key;
  return {
    app,
    url,
    cookie,
    apiKey: key,
    database: app.database.dialect,
    async close() {
      await app.close();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const bare = await startBare();
const svc = await startSvc(process.env.BENCH_DATABASE_URL || undefined);
process.stdout.write(
  `${JSON.stringify({ bareUrl: `${bare.url}/hello`, svcUrl: svc.url, cookie: svc.cookie, apiKey: svc.apiKey, database: svc.database })}\n`,
);

// The bench samples this process's CPU time around each timed run (user + system, microseconds).
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});

let stopping = false;
process.on('SIGTERM', async () => {
  if (stopping) return;
  stopping = true;
  await bare.app.close();
  await svc.close();
  process.disconnect?.();
  process.exit(0);
});
