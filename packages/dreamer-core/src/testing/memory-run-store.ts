import { DreamError } from '../errors.js';
import type { RunStore } from '../ports/run-store.js';
import type { RunRecord } from '../runner/run-types.js';

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
      records.set(record.id, copy(record));
      return copy(record);
    },
    async update(id, patch) {
      const existing = records.get(id);
      if (!existing) throw new DreamError('DREAM_RUN_NOT_FOUND', `No run "${id}"`);
      const next = { ...existing, ...structuredClone(patch) } as RunRecord;
      if (next.error === undefined) delete next.error;
      records.set(id, next);
      return copy(next);
    },
    async get(id) {
      const record = records.get(id);
      return record ? copy(record) : undefined;
    },
    async markStaleRunning(now) {
      let count = 0;
      for (const [id, record] of records) {
        if (record.status !== 'running') continue;
        count += 1;
        records.set(id, {
          ...record,
          status: 'error',
          error: { code: 'DREAM_STALE_RUN', message: 'The process running this run stopped' },
          updatedAt: now.toISOString(),
        });
      }
      return count;
    },
    list: () => [...records.values()].map(copy),
  };
}
