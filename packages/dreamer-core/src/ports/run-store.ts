import type { RunRecord } from '../runner/run-types.js';

/** The `error` a record left `running` by a dead process ends with (see `markStaleRunning`). */
export const STALE_RUN_ERROR = {
  code: 'DREAM_STALE_RUN',
  message: 'The process running this run stopped before it finished',
} as const;

/**
 * RunStore port: persistence of run records (collection `dreamer_runs`).
 * Contract (checked by `describeRunStoreContract` from `./testing` against every adapter):
 * - `create` stores a new record; `get` returns a copy, or undefined for an unknown id.
 * - `update` merges the patch shallowly (a key set to `undefined` removes the field) and
 *   returns the new record; an unknown id throws `DREAM_RUN_NOT_FOUND`.
 * - `reopen` atomically turns an `error` or `aborted` record back to `running` (dropping its
 *   `error`, counting `resumes`) and returns it; it returns undefined when the record is
 *   missing, `running` or `done`, so two resumes of one run never both proceed.
 * - `markStaleRunning` turns every `running` record into `error` (code `DREAM_STALE_RUN`)
 *   and returns how many.
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
  reopen(id: string, updatedAt: string): Promise<RunRecord | undefined>;
  markStaleRunning(now: Date): Promise<number>;
}
