import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { ProviderRegistry } from '@svc/dreamer-core';
import { buildServer, createDatabase, loadConfig } from '@svc/server';

/** A real svc server on loopback for the `svc dream` tests, with an API key of its admin. */
export interface DreamTestServer {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

const ADMIN = { email: 'dreamer-chief@example.com', password: 'lilac kettle orbit 7319' };

/**
 * Builds the server from `@svc/server`'s dist on a fresh SQLite directory, listens on
 * 127.0.0.1 (random port), signs the seeded admin in and creates an API key over HTTP.
 * Without `modelProviders` no provider is configured, so every stage answers through the
 * core's echo stub.
 *
 * @example
 * const server = await startDreamTestServer();
 * await runInProcess(['dream', 'bees'], { env: { SVC_SERVER_URL: server.url, SVC_API_KEY: server.apiKey } });
 */
export async function startDreamTestServer(
  options: { modelProviders?: ProviderRegistry } = {},
): Promise<DreamTestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-dream-server-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    SVC_DATA_DIR: dataDir,
    SVC_PASSWORD_COST: '10',
    AUTH_AUTO_VERIFY: 'true',
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  const database = createDatabase({ dataDir });
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await buildServer({
    config,
    database,
    logStream: silent,
    ...(options.modelProviders ? { modelProviders: options.modelProviders } : {}),
  });
  const url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const close = async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const created = await fetch(`${url}/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'svc dream tests' }),
    });
    if (created.status !== 201)
      throw new Error(`key creation failed: ${created.status} ${await created.text()}`);
    const { key } = (await created.json()) as { key: string };
    return { url, apiKey: key, close };
  } catch (error) {
    await close();
    throw error;
  }
}
