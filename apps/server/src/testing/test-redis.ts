import { randomBytes } from 'node:crypto';
import type { RedisConfig } from '../config/redis-config.js';

/**
 * The Redis tests use: `TEST_REDIS_URL`, else the local one on 6379 (`.ci/run` starts it).
 * Each call gets a fresh key prefix, so test files running in parallel never see each other's
 * keys or channels.
 *
 * @example
 * const redis = await openSharedRedis(testRedisConfig(), silentLog);
 */
export function testRedisConfig(overrides: Partial<RedisConfig> = {}): RedisConfig {
  return {
    url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    keyPrefix: `t_${randomBytes(6).toString('hex')}:`,
    timeoutMs: 2000,
    ...overrides,
  };
}

/** The environment variables a server process needs for {@link testRedisConfig}'s Redis. */
export function testRedisEnvironment(config: RedisConfig): Record<string, string> {
  return {
    SVC_REDIS_URL: config.url,
    SVC_REDIS_PREFIX: config.keyPrefix,
    SVC_REDIS_TIMEOUT_MS: String(config.timeoutMs),
  };
}
