import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One row per stored automation (a document of `automations`), kept on every write through the
 * data route and checked at start: what the scheduler and the event triggers look up instead of
 * reading and checking every automation. `updated_at` is the document's when the row was made,
 * so a row behind its document is found and remade.
 */
export interface AutomationTriggersTable {
  automation_id: string;
  owner: string;
  /** The automation's name, for its run records. */
  name: string;
  updated_at: number;
  /** `manual`, `schedule`, `event`, or `invalid` (the automation has problems and never runs). */
  trigger_type: string;
  cron: string | null;
  /** Epoch ms of the next cron time (schedule automations only); the scheduler reads by it. */
  next_due_at: number | null;
  event: string | null;
  /** The collection an event trigger on `gate.document.deleted` is limited to, or null for any. */
  event_collection: string | null;
  /**
   * Epoch ms an event automation last started (its cooldown window's start), claimed with a
   * compare-and-swap so instances sharing the database start it once per window; kept when the
   * row is rewritten.
   */
  event_started_at?: number | null;
}

/** One row per run not yet ended: the worker's fair queue (the run's record stays in `automation_runs`). */
export interface AutomationRunQueueTable {
  run_id: string;
  owner: string;
  /** `queued` or `running`. */
  state: string;
  queued_at: number;
  /** The process running it (`SVC_INSTANCE_ID`) and its last sign of life. */
  runner: string | null;
  heartbeat_at: number | null;
}

/** The tables the automations area adds to the server's database. */
export interface AutomationsDatabase {
  automation_triggers: AutomationTriggersTable;
  automation_run_queue: AutomationRunQueueTable;
}

/**
 * The automations area's migrations: the trigger index (`0500_…`, filled at the next start from
 * the stored automations) and the run queue (`0510_…`, filled here from the run records still
 * queued or running), and the shared cooldown of event automations (`0520_…`).
 *
 * @example
 * const serverMigrations = { ...gateMigrations, ...automationMigrations };
 */
export const automationMigrations: Record<string, Migration> = {
  '0500_automation_triggers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('automation_triggers')
        .addColumn('automation_id', 'text', (column) => column.primaryKey())
        .addColumn('owner', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'bigint', (column) => column.notNull())
        .addColumn('trigger_type', 'text', (column) => column.notNull())
        .addColumn('cron', 'text')
        .addColumn('next_due_at', 'bigint')
        .addColumn('event', 'text')
        .addColumn('event_collection', 'text')
        .execute();
      await db.schema
        .createIndex('automation_triggers_next_due')
        .on('automation_triggers')
        .column('next_due_at')
        .execute();
      await db.schema
        .createIndex('automation_triggers_owner_event')
        .on('automation_triggers')
        .columns(['owner', 'event'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists automation_triggers`.execute(db);
    },
  },
  '0510_automation_run_queue': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('automation_run_queue')
        .addColumn('run_id', 'text', (column) => column.primaryKey())
        .addColumn('owner', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('queued_at', 'bigint', (column) => column.notNull())
        .addColumn('runner', 'text')
        .addColumn('heartbeat_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('automation_run_queue_state_owner')
        .on('automation_run_queue')
        .columns(['state', 'owner', 'queued_at'])
        .execute();
      await db.schema
        .createIndex('automation_run_queue_owner')
        .on('automation_run_queue')
        .columns(['owner', 'state'])
        .execute();
      // Runs left queued or running by the previous version: the worker runs the queued ones and
      // marks the others interrupted when it takes them (a run it finds running was cut short).
      await sql`
        insert into automation_run_queue (run_id, owner, state, queued_at)
        select id, owner, 'queued', created_at from documents
        where collection = 'automation_runs'
          and (body like '{"status":"queued"%' or body like '{"status":"running"%')
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists automation_run_queue`.execute(db);
    },
  },
  '0520_automation_event_cooldown': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('automation_triggers').addColumn('event_started_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('automation_triggers').dropColumn('event_started_at').execute();
    },
  },
};
