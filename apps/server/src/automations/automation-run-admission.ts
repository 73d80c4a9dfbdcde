import { type DataService, documentBytes, type GateDatabase, GateError, MAX_DOCUMENT_BYTES } from '@svc/gate';
import { type Kysely, sql } from 'kysely';
import { ServerError } from '../errors/server-error.js';
import type { AutomationsDatabase } from './automation-migrations.js';
import { countUnfinishedRuns } from './automation-run-queue.js';
import { AUTOMATION_RUN_COLLECTION } from './automation-runs.js';

/** Runs one user may have waiting (queued, not yet running); one more is 429 `AUTOMATION_QUEUE_FULL`. */
export const MAX_QUEUED_RUNS_PER_USER = 10;

/** Finished run records deleted at most per admitted run to make room under the quota. */
const PRUNE_BATCH = 100;

/** What {@link admitRun} needs. */
export interface RunAdmission {
  db: Kysely<GateDatabase>;
  data: Pick<DataService, 'readUsage'>;
}

/**
 * Decides whether `owner` may queue one more run, before it is queued:
 *
 * - at most {@link MAX_QUEUED_RUNS_PER_USER} waiting runs: past it, 429 `AUTOMATION_QUEUE_FULL`;
 * - run records count against the owner's data quota of `automation_runs` (the quota every `/db`
 *   collection has, 64 MiB), each unfinished run counted at the most a record may grow to (256
 *   KiB). When one more would not fit, the owner's oldest finished records are deleted to make
 *   room — run history rotates like a log; if the unfinished runs alone fill the quota, 413
 *   `GATE_QUOTA_EXCEEDED`.
 *
 * Two concurrent admissions may both pass, as two concurrent `/db` creates may: by one run each.
 *
 * @example
 * await admitRun({ db, data: gate.data }, owner); // throws when the run may not be queued
 */
export async function admitRun(admission: RunAdmission, owner: string): Promise<void> {
  const { db } = admission;
  const { queued, unfinished } = await countUnfinishedRuns(db, owner);
  if (queued >= MAX_QUEUED_RUNS_PER_USER) {
    throw new ServerError(
      'AUTOMATION_QUEUE_FULL',
      `You already have ${queued} automation runs waiting, the most one account may have; queue more once some ran.`,
      { details: { queued, maxQueued: MAX_QUEUED_RUNS_PER_USER } },
    );
  }
  const usage = await admission.data.readUsage({ owner, collection: AUTOMATION_RUN_COLLECTION });
  if (usage.quotaBytes <= 0) return;
  const needed = usage.usedBytes + (unfinished + 1) * documentBytes(MAX_DOCUMENT_BYTES);
  if (needed <= usage.quotaBytes) return;
  const freed = await pruneFinishedRuns(db, owner, needed - usage.quotaBytes);
  if (needed - freed <= usage.quotaBytes) return;
  throw new GateError(
    'GATE_QUOTA_EXCEEDED',
    `Your automation runs would pass the ${usage.quotaBytes} bytes you may keep in "${AUTOMATION_RUN_COLLECTION}", and none of them has finished; wait for them to end.`,
    {
      details: {
        collection: AUTOMATION_RUN_COLLECTION,
        quotaBytes: usage.quotaBytes,
        usedBytes: usage.usedBytes,
        unfinished,
      },
    },
  );
}

/** Deletes `owner`'s oldest finished run records until `bytes` are freed (or a batch is done); the bytes freed. */
async function pruneFinishedRuns(
  gateDb: Kysely<GateDatabase>,
  owner: string,
  bytes: number,
): Promise<number> {
  const db = gateDb as unknown as Kysely<GateDatabase & AutomationsDatabase>;
  const oldest = await db
    .selectFrom('documents')
    .select(['id', sql<number | string>`octet_length(body)`.as('body_bytes')])
    .where('collection', '=', AUTOMATION_RUN_COLLECTION)
    .where('owner', '=', owner)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('automation_run_queue').select('run_id').where('owner', '=', owner),
    )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(PRUNE_BATCH)
    .execute();
  const doomed: string[] = [];
  let freed = 0;
  for (const row of oldest) {
    if (freed >= bytes) break;
    doomed.push(row.id);
    freed += documentBytes(Number(row.body_bytes));
  }
  if (doomed.length === 0) return 0;
  await db
    .deleteFrom('documents')
    .where('collection', '=', AUTOMATION_RUN_COLLECTION)
    .where('owner', '=', owner)
    .where('id', 'in', doomed)
    .execute();
  return freed;
}
