import { DreamError } from '../errors.js';
import { isStaleRun, type RunStore, STALE_RUN_ERROR } from '../ports/run-store.js';
import type { RunRecord } from '../runner/run-types.js';

function withoutUndefined(record: RunRecord): RunRecord {
  const copy = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(copy)) if (value === undefined) delete copy[key];
  return copy as unknown as RunRecord;
}

/**
 * An in-memory {@link RunStore}; records are copied in and out so callers cannot mutate it.
 *
 * @example
 * ```ts
 * const store = createMemoryRunStore();
 * const dreamer = createDreamer({ providers, store, clock });
 * ```
 */
export function createMemoryRunStore(): RunStore & { list(): RunRecord[] } {
  const records = new Map<string, RunRecord>();
  const copy = (record: RunRecord): RunRecord => structuredClone(record);
  return {
    async create(record) {
      records.set(record.id, withoutUndefined(copy(record)));
      return copy(records.get(record.id) as RunRecord);
    },
    async update(id, patch) {
      const existing = records.get(id);
      if (!existing) throw new DreamError('DREAM_RUN_NOT_FOUND', `No run "${id}"`);
      const next = withoutUndefined({ ...existing, ...structuredClone(patch) } as RunRecord);
      records.set(id, next);
      return copy(next);
    },
    async get(id) {
      const record = records.get(id);
      return record ? copy(record) : undefined;
    },
    async reopen(id, updatedAt) {
      const record = records.get(id);
      if (!record || (record.status !== 'error' && record.status !== 'aborted')) return undefined;
      const next = withoutUndefined({
        ...record,
        status: 'running',
        error: undefined,
        resumes: (record.resumes ?? 0) + 1,
        updatedAt,
      });
      records.set(id, next);
      return copy(next);
    },
    async markStaleRunning(now, filter) {
      let count = 0;
      for (const [id, record] of records) {
        if (!isStaleRun(record, filter)) continue;
        count += 1;
        records.set(id, {
          ...record,
          status: 'error',
          error: { ...STALE_RUN_ERROR },
          updatedAt: now.toISOString(),
        });
      }
      return count;
    },
    list: () => [...records.values()].map(copy),
  };
}
