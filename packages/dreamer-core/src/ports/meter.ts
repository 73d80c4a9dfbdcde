import type { RunUsage } from '../runner/run-types.js';

/**
 * Meter port: told the usage of every finished run (done, aborted or error) so a host
 * can charge for it. Optional.
 *
 * @example
 * ```ts
 * const meter: Meter = { recordUsage: ({ runId, usage }) => void save(runId, usage) };
 * ```
 */
export interface Meter {
  recordUsage(entry: { runId: string; usage: RunUsage }): void | Promise<void>;
}
