import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/server-config.js';
import { startPrivateRedisServer } from '../testing/private-redis-server.js';
import { testRedisConfig } from '../testing/test-redis.js';
import { openSharedRedis, type RedisLog } from './shared-redis.js';

function recordingLog(): RedisLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (object, message) => lines.push(`${message} ${JSON.stringify(object)}`),
    info: (object, message) => lines.push(`${message} ${JSON.stringify(object)}`),
  };
}

describe('the shared Redis', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const redis of opened) await redis.close();
  });

  it('prefixes keys with SVC_REDIS_PREFIX, so two installs on one Redis never meet', async () => {
    const a = await openSharedRedis(testRedisConfig(), recordingLog());
    const b = await openSharedRedis(testRedisConfig(), recordingLog());
    opened.push(a, b);
    await a.client.set('count', '1');
    expect(await b.client.get('count')).toBeNull();
    expect(await a.client.get('count')).toBe('1');
    expect(a.isReady()).toBe(true);
  });

  it('refuses to start when Redis cannot be reached, naming the variable and not the password', async () => {
    const config = testRedisConfig({ url: 'redis://svc:hunter2-secret@127.0.0.1:1', timeoutMs: 500 });
    const error = await openSharedRedis(config, recordingLog()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toContain('SVC_REDIS_URL');
    expect(String((error as Error).message)).toContain('127.0.0.1:1');
    expect(String((error as Error).message)).not.toContain('hunter2');
  });

  it('refuses to start on a wrong password', async () => {
    const error = await openSharedRedis(
      testRedisConfig({ url: `${testRedisConfig().url.replace('redis://', 'redis://nobody:wrong@')}` }),
      recordingLog(),
    ).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).not.toContain('wrong@');
  });

  it('fails commands at once while Redis is down, logs the outage once, and recovers', async () => {
    const server = await startPrivateRedisServer();
    const log = recordingLog();
    const redis = await openSharedRedis(testRedisConfig({ url: server.url, timeoutMs: 500 }), log);
    opened.push(redis);
    try {
      await redis.client.set('kept', 'yes');
      await server.stop();
      await expect(redis.client.get('kept')).rejects.toThrow();
      await expect.poll(() => redis.isReady()).toBe(false);
      // While it is away nothing waits in a queue: a command fails at once.
      await expect(redis.client.get('kept')).rejects.toThrow(
        /offline queue|Stream isn't writeable|Connection is closed/,
      );
      await server.start();
      await expect.poll(() => redis.isReady(), { timeout: 10_000 }).toBe(true);
      // The data of a Redis that restarted without persistence is gone; the connection is back.
      expect(await redis.client.get('kept')).toBeNull();
      expect(log.lines.filter((line) => line.startsWith('shared Redis unavailable')).length).toBeGreaterThan(
        0,
      );
      expect(log.lines.some((line) => line.startsWith('shared Redis available again'))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
