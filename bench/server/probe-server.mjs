// Child process of the hardening probes (probe-list-bounds.mjs, probe-book-export.mjs): starts
// the built svc server on SQLite in a temporary directory with a seeded admin, prints one JSON
// line `{ url, pid }`, then serves until SIGTERM. Nothing else runs in this process, so its RSS
// is the server's own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const serverDist = new URL('../../apps/server/dist/index.js', import.meta.url);
const { buildServer, loadConfig } = await import(serverDist.href);

const dataDir = mkdtempSync(join(tmpdir(), 'svc-probe-'));
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: process.env.PROBE_LOG_LEVEL || 'silent',
  SVC_DATA_DIR: dataDir,
  SVC_PASSWORD_COST: '12',
  SEED_ADMIN_EMAIL: 'probe-admin@example.com',
  SEED_ADMIN_PASSWORD: 'seeded root credential 4242',
});
const app = await buildServer({ config });
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ url, pid: process.pid, cookieName: config.cookieName })}\n`);

process.on('SIGTERM', async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
