import { type HostModesConfig, readHostModesConfig } from './host/host-modes-config.js';

/** The script engine's settings. */
export interface LmxConfig {
  /** `SVC_LMX_TIME_MS`: the wall-clock bound of one run (5 s by default, 100 ms to 60 s). */
  timeMs: number;
  /** `SVC_LMX_WORKERS`: warm sandbox workers kept ready (2 by default, 0 to 16). */
  workers: number;
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
    timeMs: wholeNumber(env, 'SVC_LMX_TIME_MS', 5000, 100, 60_000, problems),
    workers: wholeNumber(env, 'SVC_LMX_WORKERS', 2, 0, 16, problems),
    hostModes: readHostModesConfig(env, problems),
  };
}
