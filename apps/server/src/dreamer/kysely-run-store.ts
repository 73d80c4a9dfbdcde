import { DreamError, isStaleRun, type RunRecord, type RunStore, STALE_RUN_ERROR } from '@svc/dreamer-core';
import type { GateDatabase } from '@svc/gate';
import type { Kysely } from 'kysely';

/** The collection run records live in: read through `/db/dreamer_runs`, written only by the server. */
export const RUN_COLLECTION = 'dreamer_runs';

type RunBody = Omit<RunRecord, 'id' | 'createdAt' | 'updatedAt'>;
interface RunRow {
  id: string;
  created_at: number | string | bigint;
  updated_at: number | string | bigint;
  body: string;
}

// `status` is written first, so stale records are found by a prefix match on the body text.
const RUNNING_PREFIX = '{"status":"running"';

function toBody(record: Omit<RunRecord, 'id' | 'createdAt' | 'updatedAt'>): string {
  const { status, ...rest } = record;
  return JSON.stringify({ status, ...rest });
}

function toRecord(row: RunRow): RunRecord {
  const body = JSON.parse(row.body) as RunBody;
  return {
    ...body,
    id: row.id,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

function splitRecord(record: RunRecord): { body: RunBody; createdAt: number; updatedAt: number } {
  const { id: _id, createdAt, updatedAt, ...body } = record;
  for (const key of Object.keys(body) as (keyof RunBody)[]) if (body[key] === undefined) delete body[key];
  return { body, createdAt: Date.parse(createdAt), updatedAt: Date.parse(updatedAt) };
}

/**
 * A {@link RunStore} over the gate's `documents` table: each run is a private document of
 * `owner` in {@link RUN_COLLECTION}, so its owner reads it through `/db/dreamer_runs` like any
 * document. Reads and writes see only `owner`'s runs (another user's run id reads as unknown);
 * `markStaleRunning` covers every owner (recovery sweeps all runs). Changes are compare-and-swap
 * on the row's previous body, so concurrent writers never lose each other's fields and two
 * resumes of one run cannot both win.
 *
 * @example
 * const store = createKyselyRunStore({ db: database.db, owner: user.id });
 * const dreamer = createDreamer({ providers, store, clock });
 */
export function createKyselyRunStore(options: { db: Kysely<GateDatabase>; owner: string }): RunStore {
  const { db, owner } = options;

  const readRow = (id: string): Promise<RunRow | undefined> =>
    db
      .selectFrom('documents')
      .select(['id', 'created_at', 'updated_at', 'body'])
      .where('collection', '=', RUN_COLLECTION)
      .where('owner', '=', owner)
      .where('id', '=', id)
      .executeTakeFirst();

  /** Writes `next` over `row` unless the row changed since it was read; true when written. */
  async function swap(row: RunRow, next: RunRecord): Promise<boolean> {
    const { body, updatedAt } = splitRecord(next);
    const result = await db
      .updateTable('documents')
      .set({ body: toBody(body), updated_at: updatedAt })
      .where('collection', '=', RUN_COLLECTION)
      .where('id', '=', row.id)
      .where('owner', '=', owner)
      .where('body', '=', row.body)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    async create(record) {
      const { body, createdAt, updatedAt } = splitRecord(record);
      await db
        .insertInto('documents')
        .values({
          id: record.id,
          collection: RUN_COLLECTION,
          owner,
          visibility: 'private',
          created_at: createdAt,
          updated_at: updatedAt,
          body: toBody(body),
        })
        .execute();
      return structuredClone(record);
    },

    async get(id) {
      const row = await readRow(id);
      return row ? toRecord(row) : undefined;
    },

    async update(id, patch) {
      // A write lost to a concurrent one (the owner deleting the run, say) is read again and retried.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const row = await readRow(id);
        if (!row) throw new DreamError('DREAM_RUN_NOT_FOUND', `No run "${id}"`);
        const next = { ...toRecord(row), ...patch } as RunRecord;
        if (await swap(row, next)) return splitRecordBack(next);
      }
      throw new DreamError('DREAM_STORE_FAILED', `Run "${id}" kept changing while being saved`);
    },

    async reopen(id, updatedAt) {
      const row = await readRow(id);
      if (!row) return undefined;
      const current = toRecord(row);
      if (current.status !== 'error' && current.status !== 'aborted') return undefined;
      const { error: _error, ...rest } = current;
      const next: RunRecord = { ...rest, status: 'running', resumes: (current.resumes ?? 0) + 1, updatedAt };
      return (await swap(row, next)) ? next : undefined;
    },

    async markStaleRunning(now, filter) {
      const rows = await db
        .selectFrom('documents')
        .select(['id', 'updated_at', 'body'])
        .where('collection', '=', RUN_COLLECTION)
        .where('body', 'like', `${RUNNING_PREFIX}%`)
        .execute();
      let count = 0;
      for (const row of rows) {
        const body = JSON.parse(row.body) as RunBody;
        const updatedAt = new Date(Number(row.updated_at)).toISOString();
        if (!isStaleRun({ status: body.status, runner: body.runner, updatedAt }, filter)) continue;
        const result = await db
          .updateTable('documents')
          .set({
            body: toBody({ ...body, status: 'error', error: { ...STALE_RUN_ERROR } }),
            updated_at: now.getTime(),
          })
          .where('collection', '=', RUN_COLLECTION)
          .where('id', '=', row.id)
          .where('body', '=', row.body)
          .executeTakeFirst();
        count += Number(result.numUpdatedRows);
      }
      return count;
    },
  };
}

/** The record as a caller of `update` sees it: fields patched to undefined are gone. */
function splitRecordBack(record: RunRecord): RunRecord {
  const { body, createdAt, updatedAt } = splitRecord(structuredClone(record));
  return {
    ...body,
    id: record.id,
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(updatedAt).toISOString(),
  };
}
