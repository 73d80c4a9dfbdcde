import {
  DreamError,
  isStaleRun,
  type RunRecord,
  type RunStore,
  STALE_RUN_ERROR,
  type StaleRunFilter,
} from '@svc/dreamer-core';
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

function toRow(record: RunRecord): RunRow & { created_at: number; updated_at: number } {
  const { id, createdAt, updatedAt, ...body } = record;
  // JSON drops fields patched to undefined, as the RunStore contract asks.
  return { id, created_at: Date.parse(createdAt), updated_at: Date.parse(updatedAt), body: toBody(body) };
}

type Database = Kysely<GateDatabase>;

/**
 * Writes `next` over `row` unless the row changed since it was read (compare-and-swap on its
 * body); the row as written, or undefined when another writer came first.
 */
async function writeIfUnchanged(db: Database, row: RunRow, next: RunRow & { updated_at: number }) {
  const result = await db
    .updateTable('documents')
    .set({ body: next.body, updated_at: next.updated_at })
    .where('collection', '=', RUN_COLLECTION)
    .where('id', '=', row.id)
    .where('body', '=', row.body)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1
    ? { ...row, body: next.body, updated_at: next.updated_at }
    : undefined;
}

/**
 * Marks the `running` records of every owner that are stale under `filter` (every one without
 * a filter) as `error` with {@link STALE_RUN_ERROR}; returns how many. A record that changes
 * meanwhile (its run checkpointed) is left alone.
 *
 * @example
 * await markStaleRuns(db, new Date(), { runner: 'web-1', idleSince });
 */
export async function markStaleRuns(db: Database, now: Date, filter?: StaleRunFilter): Promise<number> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'created_at', 'updated_at', 'body'])
    .where('collection', '=', RUN_COLLECTION)
    .where('body', 'like', `${RUNNING_PREFIX}%`)
    .execute();
  let count = 0;
  for (const row of rows) {
    const record = toRecord(row);
    if (!isStaleRun(record, filter)) continue;
    const stale = {
      ...record,
      status: 'error' as const,
      error: { ...STALE_RUN_ERROR },
      updatedAt: now.toISOString(),
    };
    if (await writeIfUnchanged(db, row, toRow(stale))) count += 1;
  }
  return count;
}

/**
 * A {@link RunStore} over the gate's `documents` table: each run is a private document of
 * `owner` in {@link RUN_COLLECTION}, so its owner reads it through `/db/dreamer_runs` like any
 * document. Reads and writes see only `owner`'s runs (another user's run id reads as unknown);
 * `markStaleRunning` covers every owner ({@link markStaleRuns}). Changes are compare-and-swap
 * on the row's previous body, so concurrent writers never lose each other's fields and two
 * resumes of one run cannot both win.
 *
 * @example
 * const store = createKyselyRunStore({ db: database.db, owner: user.id });
 * const dreamer = createDreamer({ providers, store, clock });
 */
export function createKyselyRunStore(options: { db: Database; owner: string }): RunStore {
  const { db, owner } = options;

  const readRow = (id: string): Promise<RunRow | undefined> =>
    db
      .selectFrom('documents')
      .select(['id', 'created_at', 'updated_at', 'body'])
      .where('collection', '=', RUN_COLLECTION)
      .where('owner', '=', owner)
      .where('id', '=', id)
      .executeTakeFirst();

  return {
    async create(record) {
      const row = toRow(record);
      await db
        .insertInto('documents')
        .values({ ...row, collection: RUN_COLLECTION, owner, visibility: 'private' })
        .execute();
      return toRecord(row);
    },

    async get(id) {
      const row = await readRow(id);
      return row ? toRecord(row) : undefined;
    },

    async update(id, patch) {
      // A write lost to a concurrent one (a heartbeat, the stale sweep) is read again and retried.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const row = await readRow(id);
        if (!row) throw new DreamError('DREAM_RUN_NOT_FOUND', `No run "${id}"`);
        const written = await writeIfUnchanged(db, row, toRow({ ...toRecord(row), ...patch } as RunRecord));
        if (written) return toRecord(written);
      }
      throw new DreamError('DREAM_STORE_FAILED', `Run "${id}" kept changing while being saved`);
    },

    async reopen(id, updatedAt) {
      const row = await readRow(id);
      if (!row) return undefined;
      const { error: _error, ...current } = toRecord(row);
      if (current.status !== 'error' && current.status !== 'aborted') return undefined;
      const next: RunRecord = {
        ...current,
        status: 'running',
        resumes: (current.resumes ?? 0) + 1,
        updatedAt,
      };
      const written = await writeIfUnchanged(db, row, toRow(next));
      return written ? toRecord(written) : undefined;
    },

    markStaleRunning: (now, filter) => markStaleRuns(db, now, filter),
  };
}
