import type { Kysely } from 'kysely';
import type { AccountDataContributor } from '../plugins/account-data.js';
import type { AutomationsDatabase } from './automation-migrations.js';

/**
 * The automations area's share of leaving. The automations and their run records are documents
 * (exported and deleted by the gate); this adds the area's own tables: the trigger index
 * (`automations/triggers.json`) and the runs still queued or running (`automations/run-queue.json`).
 * Both go with the account, so the scheduler and the worker find nothing of it afterwards.
 *
 * @example
 * app.accountData.register(createAutomationAccountData(db));
 */
export function createAutomationAccountData(db: Kysely<unknown>): AccountDataContributor {
  const typed = db as Kysely<AutomationsDatabase>;
  return {
    area: 'automations',
    async export(userId, sink) {
      const triggers = await typed
        .selectFrom('automation_triggers')
        .select(['automation_id', 'name', 'trigger_type', 'cron', 'next_due_at', 'event', 'event_collection'])
        .where('owner', '=', userId)
        .orderBy('name')
        .execute();
      await sink.addJson(
        'triggers.json',
        triggers.map((row) => ({
          automationId: row.automation_id,
          name: row.name,
          trigger: row.trigger_type,
          cron: row.cron,
          nextDueAt: row.next_due_at === null ? null : Number(row.next_due_at),
          event: row.event,
          eventCollection: row.event_collection,
        })),
      );
      const queue = await typed
        .selectFrom('automation_run_queue')
        .select(['run_id', 'state', 'queued_at'])
        .where('owner', '=', userId)
        .orderBy('queued_at')
        .execute();
      await sink.addJson(
        'run-queue.json',
        queue.map((row) => ({ runId: row.run_id, state: row.state, queuedAt: Number(row.queued_at) })),
      );
    },
    async delete({ userId, trx }) {
      const tx = trx as Kysely<AutomationsDatabase>;
      await tx.deleteFrom('automation_run_queue').where('owner', '=', userId).execute();
      await tx.deleteFrom('automation_triggers').where('owner', '=', userId).execute();
      return undefined;
    },
  };
}
