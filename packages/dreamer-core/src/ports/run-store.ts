import type { RunRecord } from '../runner/run-types.js';

/**
 * RunStore port: persistence of run records (collection `dreamer_runs`).
 * Contract: `update` merges the patch shallowly and returns the new record;
 * `markStaleRunning` turns every `running` record into `error` and returns how many.
 *
 * @example
 * ```ts
 * const store: RunStore = createMemoryRunStore();
 * await store.create(record);
 * ```
 */
export interface RunStore {
  create(record: RunRecord): Promise<RunRecord>;
  update(id: string, patch: Partial<Omit<RunRecord, 'id'>>): Promise<RunRecord>;
  get(id: string): Promise<RunRecord | undefined>;
  markStaleRunning(now: Date): Promise<number>;
}
