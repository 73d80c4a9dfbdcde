import type { GateDatabase } from '@svc/gate';
import { CronExpressionParser } from 'cron-parser';
import type { Kysely } from 'kysely';
import type { ServerEventName } from '../events/server-events.js';
import { AUTOMATION_COLLECTION } from './automation-definition.js';
import type { AutomationsDatabase, AutomationTriggersTable } from './automation-migrations.js';
import { toStoredAutomation } from './automation-runs.js';

type Database = Kysely<GateDatabase & AutomationsDatabase>;
const indexOf = (db: Kysely<GateDatabase>) => db as unknown as Database;

/** The next time after `after` (epoch ms) that a five-field UTC cron expression names. */
export function nextCronTime(cron: string, after: number): number {
  return CronExpressionParser.parse(cron, { currentDate: new Date(after), tz: 'UTC' })
    .next()
    .getTime();
}

/** {@link nextCronTime}, or undefined for an expression that names no time (`0 0 31 2 *`). */
export function tryNextCronTime(cron: string, after: number): number | undefined {
  try {
    return nextCronTime(cron, after);
  } catch {
    return undefined;
  }
}

/**
 * The index row of one stored automation: its trigger, and for a schedule the next cron time
 * after `now`. An automation with problems is indexed `invalid` (it never runs), so the index
 * still knows it is up to date.
 *
 * @example
 * toTriggerRow({ id, owner, body: '{"name":"n","trigger":{"type":"schedule","cron":"* * * * *"},"steps":[…]}', updatedAt }, Date.now());
 */
export function toTriggerRow(
  document: { id: string; owner: string; body: string; updatedAt: number },
  now: number,
): AutomationTriggersTable {
  const stored = toStoredAutomation(document);
  const row: AutomationTriggersTable = {
    automation_id: document.id,
    owner: document.owner,
    name: stored.name.slice(0, 200),
    updated_at: document.updatedAt,
    trigger_type: 'invalid',
    cron: null,
    next_due_at: null,
    event: null,
    event_collection: null,
  };
  if (!stored.reading.ok) return row;
  const { trigger } = stored.reading.automation;
  switch (trigger.type) {
    case 'manual':
      return { ...row, trigger_type: 'manual' };
    case 'schedule': {
      const next = tryNextCronTime(trigger.cron, now);
      return next === undefined
        ? row
        : { ...row, trigger_type: 'schedule', cron: trigger.cron, next_due_at: next };
    }
    case 'event':
      return {
        ...row,
        trigger_type: 'event',
        event: trigger.event,
        event_collection: trigger.collection ?? null,
      };
  }
}

/** Writes (or replaces) the index rows of stored automations. */
async function writeTriggerRows(db: Kysely<GateDatabase>, rows: AutomationTriggersTable[]): Promise<void> {
  if (rows.length === 0) return;
  await indexOf(db)
    .insertInto('automation_triggers')
    .values(rows)
    .onConflict((conflict) =>
      conflict.column('automation_id').doUpdateSet((eb) => ({
        owner: eb.ref('excluded.owner'),
        name: eb.ref('excluded.name'),
        updated_at: eb.ref('excluded.updated_at'),
        trigger_type: eb.ref('excluded.trigger_type'),
        cron: eb.ref('excluded.cron'),
        next_due_at: eb.ref('excluded.next_due_at'),
        event: eb.ref('excluded.event'),
        event_collection: eb.ref('excluded.event_collection'),
      })),
    )
    .execute();
}

/** Writes (or replaces) the index row of one stored automation. */
export async function indexAutomation(
  db: Kysely<GateDatabase>,
  document: { id: string; owner: string; body: string; updatedAt: number },
  now: number,
): Promise<void> {
  await writeTriggerRows(db, [toTriggerRow(document, now)]);
}

/**
 * True when the automation `id` is still stored. An index row can outlive its automation when
 * the document was removed other than through the data route; such a row is removed where it
 * is found rather than firing every minute.
 */
export async function isAutomationStored(db: Kysely<GateDatabase>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('collection', '=', AUTOMATION_COLLECTION)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the index row of a deleted automation. */
export async function unindexAutomation(db: Kysely<GateDatabase>, id: string): Promise<void> {
  await indexOf(db).deleteFrom('automation_triggers').where('automation_id', '=', id).execute();
}

/** Gives the event loop a turn: SQLite answers synchronously, so a long loop of queries would hold it. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Automations read, checked and indexed per batch at start; the event loop gets a turn between batches. */
const RECONCILE_BATCH = 50;

/**
 * Brings the index up to date with the stored automations: indexes every automation without a
 * row or with a row older than the document (written while this version was not running, or
 * by hand), and removes rows whose automation is gone. Reads in small batches, giving the event
 * loop a turn between them, and stops early when `signal` aborts (the server closing). The
 * answer is how many rows were written.
 *
 * @example
 * await reconcileTriggerIndex(db, () => Date.now());
 */
export async function reconcileTriggerIndex(
  gateDb: Kysely<GateDatabase>,
  now: () => number,
  signal?: AbortSignal,
): Promise<number> {
  const db = indexOf(gateDb);
  const seen = new Set<string>();
  let written = 0;
  while (!signal?.aborted) {
    const stale = await db
      .selectFrom('documents as d')
      .leftJoin('automation_triggers as t', (join) =>
        join.onRef('t.automation_id', '=', 'd.id').onRef('t.updated_at', '=', 'd.updated_at'),
      )
      .select(['d.id', 'd.owner', 'd.body', 'd.updated_at'])
      .where('d.collection', '=', AUTOMATION_COLLECTION)
      .where('t.automation_id', 'is', null)
      .limit(RECONCILE_BATCH)
      .execute();
    const fresh = stale.filter((row) => !seen.has(row.id));
    if (fresh.length === 0) break;
    for (const row of fresh) seen.add(row.id);
    const at = now();
    await writeTriggerRows(
      gateDb,
      fresh.map((row) =>
        toTriggerRow({ id: row.id, owner: row.owner, body: row.body, updatedAt: Number(row.updated_at) }, at),
      ),
    );
    written += fresh.length;
    await yieldToEventLoop();
  }
  if (signal?.aborted) return written;
  await db
    .deleteFrom('automation_triggers')
    .where('automation_id', 'not in', (eb) =>
      eb.selectFrom('documents').select('id').where('collection', '=', AUTOMATION_COLLECTION),
    )
    .execute();
  return written;
}

/** A schedule automation whose next time has come. */
export interface DueSchedule {
  id: string;
  owner: string;
  name: string;
  cron: string;
  dueAt: number;
}

/** The schedule automations due at `now`, earliest first, at most `limit` (the `next_due_at` index). */
export async function findDueSchedules(
  db: Kysely<GateDatabase>,
  now: number,
  limit: number,
): Promise<DueSchedule[]> {
  const rows = await indexOf(db)
    .selectFrom('automation_triggers')
    .select(['automation_id', 'owner', 'name', 'cron', 'next_due_at'])
    .where('next_due_at', '<=', now)
    .orderBy('next_due_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.automation_id,
    owner: row.owner,
    name: row.name,
    cron: row.cron ?? '',
    dueAt: Number(row.next_due_at),
  }));
}

/**
 * Moves a schedule from `dueAt` to `next` (null: it names no later time), unless another process moved it first (or the
 * automation was edited meanwhile): true when this call moved it, and so fires it.
 */
export async function advanceSchedule(
  db: Kysely<GateDatabase>,
  schedule: Pick<DueSchedule, 'id' | 'dueAt'>,
  next: number | null,
): Promise<boolean> {
  const result = await indexOf(db)
    .updateTable('automation_triggers')
    .set({ next_due_at: next })
    .where('automation_id', '=', schedule.id)
    .where('next_due_at', '=', schedule.dueAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The automations of `owner` listening to `event` (and, for a deletion, to its collection or to any). */
export async function findEventSubscribers(
  db: Kysely<GateDatabase>,
  input: { owner: string; event: ServerEventName; collection?: string | undefined },
): Promise<Array<{ id: string; owner: string; name: string }>> {
  const rows = await indexOf(db)
    .selectFrom('automation_triggers')
    .select(['automation_id', 'owner', 'name'])
    .where('owner', '=', input.owner)
    .where('event', '=', input.event)
    .where((eb) =>
      input.collection === undefined
        ? eb('event_collection', 'is', null)
        : eb.or([eb('event_collection', 'is', null), eb('event_collection', '=', input.collection)]),
    )
    .execute();
  return rows.map((row) => ({ id: row.automation_id, owner: row.owner, name: row.name }));
}
