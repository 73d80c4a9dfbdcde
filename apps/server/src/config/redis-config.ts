/** The shared Redis of a server that runs as several instances (`SVC_REDIS_*`). */
export interface RedisConfig {
  /** `SVC_REDIS_URL`: `redis://[user:password@]host:port[/db]` or `rediss://…` for TLS. */
  url: string;
  /** `SVC_REDIS_PREFIX`: put before every key and channel this server uses (`svc:` by default), so installs can share one Redis. */
  keyPrefix: string;
  /** `SVC_REDIS_TIMEOUT_MS`: how long one command or the first connection may take before it counts as an outage (2000 by default, 100 to 30000). */
  timeoutMs: number;
}

/**
 * Reads `SVC_REDIS_URL`, `SVC_REDIS_PREFIX` and `SVC_REDIS_TIMEOUT_MS`; undefined while
 * `SVC_REDIS_URL` is unset (every limit is then kept by the database or per instance, as
 * docs/deploy/scale-out.md says). Problems are pushed onto `problems`; a URL's password never
 * appears in one.
 *
 * @example
 * readRedisConfig({ SVC_REDIS_URL: 'redis://127.0.0.1:6379' }, problems)?.keyPrefix; // 'svc:'
 */
export function readRedisConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): RedisConfig | undefined {
  const url = env.SVC_REDIS_URL?.trim();
  if (url === undefined || url === '') {
    for (const name of ['SVC_REDIS_PREFIX', 'SVC_REDIS_TIMEOUT_MS'])
      if (env[name] !== undefined)
        problems.push(`${name} is set but SVC_REDIS_URL is not; set both or neither.`);
    return undefined;
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || !/^rediss?:$/.test(parsed.protocol) || parsed.hostname === '') {
    problems.push(
      'SVC_REDIS_URL must be a redis:// or rediss:// URL with a host, e.g. redis://127.0.0.1:6379.',
    );
  } else if (parsed.pathname !== '' && parsed.pathname !== '/' && !/^\/\d{1,2}$/.test(parsed.pathname)) {
    problems.push('SVC_REDIS_URL may end only in a database number (e.g. redis://host:6379/2).');
  }
  const keyPrefix = env.SVC_REDIS_PREFIX ?? 'svc:';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(keyPrefix))
    problems.push('SVC_REDIS_PREFIX must be 1–64 letters, digits, ".", "_", "-" or ":".');
  const rawTimeout = env.SVC_REDIS_TIMEOUT_MS ?? '2000';
  const timeoutMs = /^\d{1,5}$/.test(rawTimeout) ? Number(rawTimeout) : Number.NaN;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 30_000)
    problems.push(`SVC_REDIS_TIMEOUT_MS must be a whole number from 100 to 30000, got "${rawTimeout}".`);
  return { url, keyPrefix, timeoutMs: Number.isInteger(timeoutMs) ? timeoutMs : 2000 };
}
