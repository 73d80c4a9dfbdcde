import type { GateDatabase } from '@svc/gate';
import { type Kysely, sql } from 'kysely';
import type { AutomationsDatabase } from './automation-migrations.js';

type Database = Kysely<GateDatabase & AutomationsDatabase>;
const queueOf = (db: Kysely<GateDatabase>) => db as unknown as Database;

/** A run taken from the queue by this process. */
export interface ClaimedRun {
  runId: string;
  owner: string;
}

/** Options of {@link claimNextRun}. */
export interface ClaimOptions {
  /** This process's name (`SVC_INSTANCE_ID`). */
  runner: string;
  now: number;
  /** Runs of one owner at once, across processes sharing the database. */
  perUser: number;
  /**
   * When each owner was last served by this process (a counter, higher is later): the owner
   * served longest ago goes first, which makes the queue round-robin by owner.
   */
  lastServed: ReadonlyMap<string, number>;
  /** The database's kind: on PostgreSQL the take skips rows another worker holds (`SKIP LOCKED`). */
  dialect?: 'sqlite' | 'postgres';
}

/** Owners with queued runs looked at per claim (the ones waiting longest). */
const CANDIDATE_OWNERS = 200;

/**
 * Takes the next run fairly: among owners with queued runs and fewer than `perUser` running,
 * the one this process served longest ago (never served first; then the one waiting longest),
 * and of that owner's runs the oldest. The take is a compare-and-swap on the queue row (on
 * PostgreSQL a `FOR UPDATE SKIP LOCKED` take), so several processes can share the queue;
 * undefined when nothing may start now.
 *
 * @example
 * const claimed = await claimNextRun(db, { runner: 'web-1', now: Date.now(), perUser: 1, lastServed });
 */
export async function claimNextRun(
  gateDb: Kysely<GateDatabase>,
  options: ClaimOptions,
): Promise<ClaimedRun | undefined> {
  const db = queueOf(gateDb);
  const waiting = await db
    .selectFrom('automation_run_queue')
    .select(['owner', (eb) => eb.fn.min<number | string>('queued_at').as('first')])
    .where('state', '=', 'queued')
    .groupBy('owner')
    .orderBy('first', 'asc')
    .limit(CANDIDATE_OWNERS)
    .execute();
  if (waiting.length === 0) return undefined;
  const running = await db
    .selectFrom('automation_run_queue')
    .select(['owner', (eb) => eb.fn.countAll<number | string>().as('running')])
    .where('state', '=', 'running')
    .where(
      'owner',
      'in',
      waiting.map((row) => row.owner),
    )
    .groupBy('owner')
    .execute();
  const busy = new Map(running.map((row) => [row.owner, Number(row.running)]));
  const eligible = waiting
    .filter((row) => (busy.get(row.owner) ?? 0) < options.perUser)
    .sort(
      (a, b) =>
        (options.lastServed.get(a.owner) ?? 0) - (options.lastServed.get(b.owner) ?? 0) ||
        Number(a.first) - Number(b.first),
    );
  for (const { owner } of eligible.slice(0, 5)) {
    if (options.dialect === 'postgres') {
      const taken = await takeSkippingLocked(db, owner, options);
      if (taken) return { runId: taken, owner };
      continue;
    }
    const next = await db
      .selectFrom('automation_run_queue')
      .select('run_id')
      .where('state', '=', 'queued')
      .where('owner', '=', owner)
      .orderBy('queued_at', 'asc')
      .orderBy('run_id', 'asc')
      .limit(1)
      .executeTakeFirst();
    if (next === undefined) continue;
    const taken = await db
      .updateTable('automation_run_queue')
      .set({ state: 'running', runner: options.runner, heartbeat_at: options.now })
      .where('run_id', '=', next.run_id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { runId: next.run_id, owner };
  }
  return undefined;
}

/**
 * PostgreSQL: the owner's oldest queued run that no other worker holds locked, taken in one
 * transaction — N workers never wait on or retry against the same row. The transaction holds
 * the owner's advisory lock and counts the owner's running runs under it, so two workers can
 * never both start an owner's last free run; a worker finding the owner's lock taken skips
 * the owner for this claim instead of waiting.
 */
function takeSkippingLocked(
  db: Database,
  owner: string,
  options: Pick<ClaimOptions, 'runner' | 'now' | 'perUser'>,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(hashtextextended(${`svc.automation-owner:${owner}`}, 0)) as locked`.execute(
      trx,
    );
    if (lock.rows[0]?.locked !== true) return undefined;
    const running = await trx
      .selectFrom('automation_run_queue')
      .select((eb) => eb.fn.countAll<number | string>().as('running'))
      .where('state', '=', 'running')
      .where('owner', '=', owner)
      .executeTakeFirst();
    if (Number(running?.running ?? 0) >= options.perUser) return undefined;
    const next = await trx
      .selectFrom('automation_run_queue')
      .select('run_id')
      .where('state', '=', 'queued')
      .where('owner', '=', owner)
      .orderBy('queued_at', 'asc')
      .orderBy('run_id', 'asc')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (next === undefined) return undefined;
    await trx
      .updateTable('automation_run_queue')
      .set({ state: 'running', runner: options.runner, heartbeat_at: options.now })
      .where('run_id', '=', next.run_id)
      .execute();
    return next.run_id;
  });
}

/** Refreshes the heartbeat of runs this process is running. */
export async function beatRuns(
  gateDb: Kysely<GateDatabase>,
  runner: string,
  runIds: readonly string[],
  now: number,
): Promise<void> {
  if (runIds.length === 0) return;
  await queueOf(gateDb)
    .updateTable('automation_run_queue')
    .set({ heartbeat_at: now })
    .where('runner', '=', runner)
    .where('run_id', 'in', [...runIds])
    .execute();
}

/** Removes a run from the queue (it ended, or its record is gone). */
export async function dequeueRun(gateDb: Kysely<GateDatabase>, runId: string): Promise<void> {
  await queueOf(gateDb).deleteFrom('automation_run_queue').where('run_id', '=', runId).execute();
}

/**
 * The running runs cut short by a stopped process: this process's own at its start (`runner`),
 * and any whose heartbeat is older than `staleBefore`.
 */
export async function findAbandonedRuns(
  gateDb: Kysely<GateDatabase>,
  input: { runner?: string; staleBefore: number; limit: number },
): Promise<ClaimedRun[]> {
  const rows = await queueOf(gateDb)
    .selectFrom('automation_run_queue')
    .select(['run_id', 'owner'])
    .where('state', '=', 'running')
    .where((eb) =>
      input.runner === undefined
        ? eb('heartbeat_at', '<', input.staleBefore)
        : eb.or([eb('heartbeat_at', '<', input.staleBefore), eb('runner', '=', input.runner)]),
    )
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({ runId: row.run_id, owner: row.owner }));
}

/** How many runs `owner` has waiting (`queued`) and not yet ended (`queued` or `running`). */
export async function countUnfinishedRuns(
  gateDb: Kysely<GateDatabase>,
  owner: string,
): Promise<{ queued: number; unfinished: number }> {
  const rows = await queueOf(gateDb)
    .selectFrom('automation_run_queue')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('runs')])
    .where('owner', '=', owner)
    .groupBy('state')
    .execute();
  let queued = 0;
  let unfinished = 0;
  for (const row of rows) {
    unfinished += Number(row.runs);
    if (row.state === 'queued') queued += Number(row.runs);
  }
  return { queued, unfinished };
}
