import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/server-config.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';
import { buildServer } from './build-server.js';

const START = fileURLToPath(new URL('../../dist/start.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'svc-redis-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a server configured with a shared Redis', () => {
  it('decorates app.redis when Redis answers and closes it with the server', async () => {
    const env = { NODE_ENV: 'test', SVC_DATA_DIR: dataDir, ...testRedisEnvironment(testRedisConfig()) };
    const app = await buildServer({ config: loadConfig(env), web: false });
    expect(app.redis?.isReady()).toBe(true);
    const client = app.redis?.client;
    await app.close();
    await expect.poll(() => client?.status).toBe('end');
  });

  it('does not start when Redis is unreachable: a configuration error naming SVC_REDIS_URL', async () => {
    const env = {
      NODE_ENV: 'test',
      SVC_DATA_DIR: dataDir,
      SVC_REDIS_URL: 'redis://127.0.0.1:1',
      SVC_REDIS_TIMEOUT_MS: '300',
    };
    await expect(buildServer({ config: loadConfig(env), web: false })).rejects.toBeInstanceOf(ConfigError);
  });

  it('start.js says so in one line and exits 1, without the password', () => {
    if (!existsSync(START)) throw new Error(`${START} is missing: build the server first.`);
    const result = spawnSync(process.execPath, [START], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        SVC_DATA_DIR: dataDir,
        SVC_REDIS_URL: 'redis://svc:hunter2-secret@127.0.0.1:1',
        SVC_REDIS_TIMEOUT_MS: '300',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^svc server failed to start: Invalid server configuration:\n {2}- SVC_REDIS_URL: Redis at 127\.0\.0\.1:1 did not answer/,
    );
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toContain('    at ');
  });
});
