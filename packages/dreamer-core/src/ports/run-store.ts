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
 * - `markStaleRunning(now, filter?)` turns `running` records into `error` (code
 *   `DREAM_STALE_RUN`, `updatedAt` = now) and returns how many: every one without a filter;
 *   with one, those whose `runner` equals `filter.runner` or whose `updatedAt` is before
 *   `filter.idleSince`.
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
  markStaleRunning(now: Date, filter?: StaleRunFilter): Promise<number>;
}

/**
 * Which `running` records are stale: those of a runner known to be dead (`runner`, say this
 * process's previous incarnation) or silent since `idleSince` (no checkpoint or heartbeat).
 */
export interface StaleRunFilter {
  runner?: string;
  idleSince?: Date;
}

/**
 * True when a `running` record is stale under `filter` (every running record without one): the
 * rule every store applies.
 *
 * @example
 * ```ts
 * const stale = records.filter((record) => isStaleRun(record, { idleSince }));
 * ```
 */
export function isStaleRun(
  record: Pick<RunRecord, 'status' | 'runner' | 'updatedAt'>,
  filter?: StaleRunFilter,
): boolean {
  if (record.status !== 'running') return false;
  if (filter === undefined) return true;
  if (filter.runner !== undefined && record.runner === filter.runner) return true;
  return filter.idleSince !== undefined && Date.parse(record.updatedAt) < filter.idleSince.getTime();
}
