/** Settings of the script routes. */
export interface LmxRouteOptions {
  /** Wall-clock bound of one run in ms (general modes). `SVC_LMX_TIME_MS`, default 5000, 100–60000. */
  timeMs: number;
  /** Warm sandbox workers kept ready. `SVC_LMX_POOL_SIZE`, default 2, 0–16. */
  poolSize: number;
  /** Runs one user may have in flight at once. `SVC_LMX_USER_CONCURRENCY`, default 2, 1–16. */
  userConcurrency: number;
  /** Runs per minute per user (per IP when anonymous). `SVC_LMX_RUNS_PER_MINUTE`, default 60, 1–10000. */
  runsPerMinute: number;
  /** Heap of each sandbox worker in MB. `SVC_LMX_MEMORY_MB`, default 64, 16–1024. */
  memoryMb: number;
}

/** The settings when no variable is set. */
export const DEFAULT_LMX_OPTIONS: Readonly<LmxRouteOptions> = Object.freeze({
  timeMs: 5_000,
  poolSize: 2,
  userConcurrency: 2,
  runsPerMinute: 60,
  memoryMb: 64,
});

const VARIABLES: Record<keyof LmxRouteOptions, { name: string; min: number; max: number }> = {
  timeMs: { name: 'SVC_LMX_TIME_MS', min: 100, max: 60_000 },
  poolSize: { name: 'SVC_LMX_POOL_SIZE', min: 0, max: 16 },
  userConcurrency: { name: 'SVC_LMX_USER_CONCURRENCY', min: 1, max: 16 },
  runsPerMinute: { name: 'SVC_LMX_RUNS_PER_MINUTE', min: 1, max: 10_000 },
  memoryMb: { name: 'SVC_LMX_MEMORY_MB', min: 16, max: 1024 },
};

/**
 * Reads the script routes' settings from environment variables; throws naming the variable
 * when one is set to something that is not a whole number in its range.
 *
 * @example
 * readLmxOptions({ SVC_LMX_TIME_MS: '2000' }).timeMs; // 2000
 */
export function readLmxOptions(env: Readonly<Record<string, string | undefined>>): LmxRouteOptions {
  const options = { ...DEFAULT_LMX_OPTIONS };
  for (const key of Object.keys(VARIABLES) as (keyof LmxRouteOptions)[]) {
    const { name, min, max } = VARIABLES[key];
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const value = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= min && value <= max)) {
      throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
    }
    options[key] = value;
  }
  return options;
}
