// The script route's overhead over HTTP on loopback: the built svc server, a signed-in user,
// `POST /api/lmx/run { mode: 'lmx', source: 'print 1' }` against `GET /healthz` (the HTTP floor).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callServer } from '../shared/bench-support.mjs';

const serverDist = new URL('../../apps/server/dist/index.js', import.meta.url);
const USER = { email: 'lmx-bench@example.com', password: 'quiet lantern over harbour 77' };

/**
 * Measures the HTTP route; undefined when the server is not built.
 *
 * @example
 * const http = await measureHttpOverhead({ runs: 200, time });
 */
export async function measureHttpOverhead({ runs, time }) {
  if (!existsSync(serverDist)) return undefined;
  const { buildServer, loadConfig } = await import(serverDist.href);
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-lmx-bench-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    SVC_DATA_DIR: dataDir,
    SVC_PASSWORD_COST: '12',
    // The bench is one client making many runs: lift lmx.run's per-user limit (60 a minute by
    // default) in the configuration the server reads, or the 61st run answers 429.
    SVC_LMX_RUNS_PER_MINUTE: '10000',
  });
  const app = await buildServer({ config });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    await callServer(url, 'POST', '/auth/signup', { body: USER });
    const login = await callServer(url, 'POST', '/auth/login', { body: USER });
    const cookie = login.response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${config.cookieName}=`))
      ?.split(';')[0];
    const runOnce = async () => {
      const { body } = await callServer(url, 'POST', '/api/lmx/run', {
        body: { mode: 'lmx', source: 'print 1' },
        cookie,
      });
      if (body.output[0] !== '1') throw new Error(`the route answered ${JSON.stringify(body)}`);
    };
    const startedCold = performance.now();
    await runOnce();
    const cold = performance.now() - startedCold;
    const warm = await time(runOnce, runs);
    const health = await time(() => callServer(url, 'GET', '/healthz'), runs);
    return { cold, warm, health };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
