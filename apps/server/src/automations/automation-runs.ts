import type { GateDatabase } from '@svc/gate';
import type { Kysely } from 'kysely';
import type { CapabilityErrorPayload } from '../capabilities/capability-types.js';
import { AUTOMATION_COLLECTION, type Automation, readAutomation } from './automation-definition.js';
import type { AutomationsDatabase } from './automation-migrations.js';

/** The collection of run records: read (and deleted) by their owner through `/db/automation_runs`, written only by the server. */
export const AUTOMATION_RUN_COLLECTION = 'automation_runs';

/** Why a run started. */
export type RunTrigger =
  | { type: 'manual' }
  | { type: 'schedule'; scheduledAt: string }
  | { type: 'event'; event: string; payload: Record<string, unknown> };

/** One step as recorded. */
export interface StepRecord {
  action: string;
  /** The capability the action resolved to. */
  capability?: string;
  status: 'done' | 'error';
  result?: unknown;
  error?: CapabilityErrorPayload;
  startedAt: string;
  finishedAt: string;
}

/** A run record (the body of an `automation_runs` document). `status` is written first. */
export interface RunRecord {
  status: 'queued' | 'running' | 'done' | 'error' | 'interrupted';
  automationId: string;
  automationName: string;
  trigger: RunTrigger;
  steps: StepRecord[];
  error?: CapabilityErrorPayload;
  /** The process running it (`SVC_INSTANCE_ID`) and its last sign of life (epoch ms). */
  runner?: string;
  heartbeatAt?: number;
  queuedAt: string;
  startedAt?: string;
  finishedAt?: string;
}

/** A run with its document id and owner. */
export interface StoredRun {
  id: string;
  owner: string;
  record: RunRecord;
  /** The body as read: updates compare-and-swap on it. */
  body: string;
}

type Database = Kysely<GateDatabase>;
const withQueue = (db: Database) => db as unknown as Kysely<GateDatabase & AutomationsDatabase>;

/** `status` first, so runs of one status are found by a prefix match on the body text. */
export function toRunBody(record: RunRecord): string {
  const { status, ...rest } = record;
  return JSON.stringify({ status, ...rest });
}

/**
 * Queues a run of `automation`: its record (a private document of its owner) and its row in the
 * worker's queue, in one transaction. With `id`, a second queueing of the same id (another
 * process firing the same schedule minute) is ignored: false. Admission (the owner's queue cap
 * and quota, `admitRun`) is checked before.
 *
 * @example
 * await enqueueRun(db, { automation, trigger: { type: 'manual' }, now: Date.now() });
 */
export async function enqueueRun(
  db: Database,
  input: {
    automation: Pick<Automation, 'id' | 'owner' | 'name'>;
    trigger: RunTrigger;
    now: number;
    id?: string;
  },
): Promise<{ id: string; queued: boolean }> {
  const id = input.id ?? `run_${crypto.randomUUID()}`;
  const record: RunRecord = {
    status: 'queued',
    automationId: input.automation.id,
    automationName: input.automation.name,
    trigger: input.trigger,
    steps: [],
    queuedAt: new Date(input.now).toISOString(),
  };
  const owner = input.automation.owner;
  const queued = await withQueue(db)
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .insertInto('documents')
        .values({
          id,
          collection: AUTOMATION_RUN_COLLECTION,
          owner,
          visibility: 'private',
          created_at: input.now,
          updated_at: input.now,
          body: toRunBody(record),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
      await trx
        .insertInto('automation_run_queue')
        .values({
          run_id: id,
          owner,
          state: 'queued',
          queued_at: input.now,
          runner: null,
          heartbeat_at: null,
        })
        .execute();
      return true;
    });
  return { id, queued };
}

/** The run record `id`, or undefined when its owner deleted it. */
export async function readRun(db: Database, id: string): Promise<StoredRun | undefined> {
  const row = await db
    .selectFrom('documents')
    .select(['id', 'owner', 'body'])
    .where('collection', '=', AUTOMATION_RUN_COLLECTION)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return { id: row.id, owner: row.owner, body: row.body, record: JSON.parse(row.body) as RunRecord };
}

/**
 * Writes `next` over `run` unless the document changed since it was read (or was deleted by its
 * owner): the run as written, or undefined when the write lost.
 */
export async function writeRun(
  db: Database,
  run: StoredRun,
  next: RunRecord,
  now: number,
): Promise<StoredRun | undefined> {
  const body = toRunBody(next);
  const result = await db
    .updateTable('documents')
    .set({ body, updated_at: now })
    .where('collection', '=', AUTOMATION_RUN_COLLECTION)
    .where('id', '=', run.id)
    .where('body', '=', run.body)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { ...run, body, record: next } : undefined;
}

/** A stored automation as read: its id, owner, name (empty when it has none) and the check. */
export interface StoredAutomation {
  id: string;
  owner: string;
  name: string;
  reading: ReturnType<typeof readAutomation>;
}

/** Checks one `automations` document body (JSON text); a body that is not JSON has problems. */
export function toStoredAutomation(row: { id: string; owner: string; body: string }): StoredAutomation {
  let body: unknown;
  try {
    body = JSON.parse(row.body);
  } catch {
    body = undefined;
  }
  const name = typeof (body as { name?: unknown })?.name === 'string' ? (body as { name: string }).name : '';
  return {
    id: row.id,
    owner: row.owner,
    name,
    reading: readAutomation({ id: row.id, owner: row.owner, body }),
  };
}

/**
 * One owner's stored automations, checked, oldest first. An owner keeps at most
 * `MAX_AUTOMATIONS_PER_USER` (one who stored more before the limit sees the first 1,000).
 */
export async function readAutomations(db: Database, owner: string): Promise<StoredAutomation[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'owner', 'body'])
    .where('collection', '=', AUTOMATION_COLLECTION)
    .where('owner', '=', owner)
    .orderBy('created_at', 'asc')
    .limit(1000)
    .execute();
  return rows.map(toStoredAutomation);
}

/** One stored automation of `owner`, checked; undefined when there is none. */
export async function readAutomationById(
  db: Database,
  owner: string,
  id: string,
): Promise<StoredAutomation | undefined> {
  const row = await db
    .selectFrom('documents')
    .select(['id', 'owner', 'body'])
    .where('collection', '=', AUTOMATION_COLLECTION)
    .where('owner', '=', owner)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : toStoredAutomation(row);
}
