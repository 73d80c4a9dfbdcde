import { describe, expect, it } from 'vitest';
import { readRedisConfig } from './redis-config.js';

describe('the shared Redis settings', () => {
  it('are absent without SVC_REDIS_URL, and the other variables alone are a mistake', () => {
    const problems: string[] = [];
    expect(readRedisConfig({}, problems)).toBeUndefined();
    expect(problems).toEqual([]);
    readRedisConfig({ SVC_REDIS_PREFIX: 'svc:' }, problems);
    expect(problems).toEqual(['SVC_REDIS_PREFIX is set but SVC_REDIS_URL is not; set both or neither.']);
  });

  it('take a redis:// or rediss:// URL with defaults for the prefix and the timeout', () => {
    const problems: string[] = [];
    expect(readRedisConfig({ SVC_REDIS_URL: 'rediss://:pw@cache.internal:6380/2' }, problems)).toEqual({
      url: 'rediss://:pw@cache.internal:6380/2',
      keyPrefix: 'svc:',
      timeoutMs: 2000,
    });
    expect(problems).toEqual([]);
  });

  it.each([
    ['http://cache:6379', 'SVC_REDIS_URL must be a redis:// or rediss:// URL'],
    ['not a url', 'SVC_REDIS_URL must be a redis:// or rediss:// URL'],
    ['redis://cache:6379/queue', 'SVC_REDIS_URL may end only in a database number'],
  ])('refuse %s, never repeating the URL (it may hold a password)', (url, message) => {
    const problems: string[] = [];
    readRedisConfig({ SVC_REDIS_URL: url }, problems);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
    expect(problems[0]).not.toContain(url);
  });

  it('refuse a prefix with spaces or braces and a timeout out of range', () => {
    const problems: string[] = [];
    readRedisConfig(
      { SVC_REDIS_URL: 'redis://cache', SVC_REDIS_PREFIX: 'a b{', SVC_REDIS_TIMEOUT_MS: '50' },
      problems,
    );
    expect(problems).toEqual([
      'SVC_REDIS_PREFIX must be 1–64 letters, digits, ".", "_", "-" or ":".',
      'SVC_REDIS_TIMEOUT_MS must be a whole number from 100 to 30000, got "50".',
    ]);
  });
});
