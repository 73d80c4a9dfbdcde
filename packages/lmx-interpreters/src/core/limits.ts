/**
 * The bounds of one run. Every limit ends the run with its own code when crossed.
 */
export interface ScriptLimits {
  /** Wall-clock bound of the whole run in ms; the worker is terminated past it (`E_LIMIT_TIME`). */
  timeMs: number;
  /** Loop iterations plus function calls (`E_LIMIT_STEPS`). */
  steps: number;
  /** Nested function calls (`E_LIMIT_DEPTH`). */
  depth: number;
  /** Characters in one string (`E_LIMIT_STRING`). */
  stringLength: number;
  /** Items in one list or map (`E_LIMIT_LIST`). */
  listSize: number;
  /** Items one sort may order (`E_LIMIT_SORT`). */
  sortSize: number;
  /** Printed lines (`E_LIMIT_OUTPUT`). */
  outputLines: number;
  /** Printed characters (`E_LIMIT_OUTPUT`). */
  outputChars: number;
  /**
   * Characters of JSON text of what leaves a run as data: its value, and the arguments of each
   * bridge call (`E_LIMIT_VALUE`). Measured in the worker before anything is copied out.
   */
  valueChars: number;
  /** Characters of script source (`E_LIMIT_SOURCE`). */
  sourceLength: number;
  /** Heap of the worker in MB (`E_LIMIT_MEMORY`). */
  memoryMb: number;
  /** Calls to host bridges in one run (`E_LIMIT_CALLS`). */
  bridgeCalls: number;
}

/**
 * The limits used when a request sets none. A request may lower them; a runner's `maxLimits`
 * caps what a request may raise them to.
 *
 * @example
 * ```ts
 * const limits = { ...DEFAULT_LIMITS, timeMs: 1000 };
 * ```
 */
export const DEFAULT_LIMITS: Readonly<ScriptLimits> = Object.freeze({
  timeMs: 5_000,
  steps: 20_000_000,
  depth: 1_000,
  stringLength: 1_000_000,
  listSize: 100_000,
  sortSize: 100_000,
  outputLines: 10_000,
  outputChars: 1_000_000,
  valueChars: 1_000_000,
  sourceLength: 200_000,
  memoryMb: 64,
  bridgeCalls: 50,
});

/**
 * Merges requested limits over defaults, each capped by `max` (never above it) and at
 * least 1.
 *
 * @example
 * ```ts
 * resolveLimits({ timeMs: 60_000 }, DEFAULT_LIMITS); // timeMs: 5000 (capped)
 * ```
 */
export function resolveLimits(
  requested: Partial<ScriptLimits> | undefined,
  max: Readonly<ScriptLimits> = DEFAULT_LIMITS,
  defaults: Readonly<ScriptLimits> = max,
): ScriptLimits {
  const result = { ...defaults };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof ScriptLimits)[]) {
    const value = requested?.[key];
    const wanted = typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : defaults[key];
    result[key] = Math.max(1, Math.min(wanted, max[key]));
  }
  return result;
}
