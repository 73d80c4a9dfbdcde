import { type HostModesConfig, readHostModesConfig } from './host-modes-config.js';

/** The script engine's settings. */
export interface LmxConfig {
  /** `SVC_LMX_TIME_MS`: the wall-clock bound of one run (5 s by default, 100 ms to 5 min). */
  timeMs: number;
  /** `SVC_LMX_POOL_SIZE`: warm sandbox workers kept ready (2 by default, 0 to 16). */
  workers: number;
  /** `SVC_LMX_MEMORY_MB`: the heap of each sandbox worker (64 MB by default, 16 to 1024). */
  memoryMb: number;
  /** `SVC_LMX_USER_CONCURRENCY`: runs one user may have in flight (2 by default, 1 to 16). */
  userConcurrency: number;
  /** `SVC_LMX_RUNS_PER_MINUTE`: runs per minute per user (60 by default, 1 to 10000). */
  runsPerMinute: number;
  hostModes: HostModesConfig;
}

function wholeNumber(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const raw = env[name] ?? String(fallback);
  const value = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
    return fallback;
  }
  return value;
}

/**
 * Reads the script engine's settings; problems are pushed onto `problems`.
 *
 * @example
 * readLmxConfig({ SVC_LMX_TIME_MS: '10000' }, problems).timeMs; // 10000
 */
export function readLmxConfig(env: Record<string, string | undefined>, problems: string[]): LmxConfig {
  return {
    timeMs: wholeNumber(env, 'SVC_LMX_TIME_MS', 5000, 100, 300_000, problems),
    workers: wholeNumber(env, 'SVC_LMX_POOL_SIZE', 2, 0, 16, problems),
    memoryMb: wholeNumber(env, 'SVC_LMX_MEMORY_MB', 64, 16, 1024, problems),
    userConcurrency: wholeNumber(env, 'SVC_LMX_USER_CONCURRENCY', 2, 1, 16, problems),
    runsPerMinute: wholeNumber(env, 'SVC_LMX_RUNS_PER_MINUTE', 60, 1, 10_000, problems),
    hostModes: readHostModesConfig(env, problems),
  };
}
