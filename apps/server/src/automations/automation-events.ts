import type { DataService, GateDatabase } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { toErrorPayload } from '../errors/error-payload.js';
import { SERVER_EVENT_NAMES, type ServerEvents } from '../events/server-events.js';
import type { AutomationsDatabase } from './automation-migrations.js';
import { admitRun } from './automation-run-admission.js';
import { enqueueRun } from './automation-runs.js';
import { findEventSubscribers, isAutomationStored, unindexAutomation } from './automation-triggers.js';

/** An event-triggered automation runs at most once per this long (loop protection). */
export const EVENT_COOLDOWN_MS = 60_000;

/**
 * Claims the start of an event automation: moves its `event_started_at` to `now` unless it
 * started less than `cooldownMs` ago. One compare-and-swap on the trigger index, so of several
 * processes sharing the database (or several events at once) exactly one wins per window: true
 * when this call did.
 *
 * @example
 * if (await claimEventStart(db, automation.id, Date.now())) await enqueueRun(db, …);
 */
export async function claimEventStart(
  db: Kysely<GateDatabase>,
  automationId: string,
  now: number,
  cooldownMs = EVENT_COOLDOWN_MS,
): Promise<boolean> {
  const result = await (db as unknown as Kysely<AutomationsDatabase>)
    .updateTable('automation_triggers')
    .set({ event_started_at: now })
    .where('automation_id', '=', automationId)
    .where((eb) =>
      eb.or([eb('event_started_at', 'is', null), eb('event_started_at', '<=', now - cooldownMs)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Subscribes `event` automations to the server's events: an event concerning a user queues a
 * run of each of that user's automations whose trigger names it (and, for
 * `gate.document.deleted` with a `collection`, whose collection matches), with the event's
 * payload on the run's trigger. The listeners are found in the trigger index by (owner, event):
 * an event nobody listens to reads no automation. Only the user's own events start their
 * automations. Each automation starts at most once per {@link EVENT_COOLDOWN_MS}, so one whose
 * steps cause its own event (a `dream` step on `dreamer.run.finished`) cannot loop. The cooldown
 * lives in the database ({@link claimEventStart}) and the run id is derived from the automation
 * and the window it claimed (`evt_<automation>_<window start>`), so instances sharing a database
 * — the same event seen by two, or two events on two — queue one run per window, as the
 * scheduler's per-minute ids do. A run the owner may not queue now (too many waiting, no room
 * under the quota) is skipped and logged. The answer unsubscribes.
 *
 * @example
 * const off = subscribeEventTriggers({ db, data: gate.data, events, log, onQueued: () => worker.wake() });
 */
export function subscribeEventTriggers(options: {
  db: Kysely<GateDatabase>;
  data: Pick<DataService, 'readUsage'>;
  events: ServerEvents;
  log: FastifyBaseLogger;
  onQueued(): void;
  now?: () => number;
}): () => void {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const offs = SERVER_EVENT_NAMES.map((name) =>
    options.events.on(name, async (payload) => {
      const collection = 'collection' in payload ? payload.collection : undefined;
      let queued = 0;
      for (const automation of await findEventSubscribers(db, {
        owner: payload.owner,
        event: name,
        collection,
      })) {
        if (!(await isAutomationStored(db, automation.id))) {
          await unindexAutomation(db, automation.id);
          continue;
        }
        const startedAt = now();
        if (!(await claimEventStart(db, automation.id, startedAt))) {
          log.info({ automationId: automation.id, event: name }, 'event automation skipped: cooling down');
          continue;
        }
        try {
          await admitRun({ db, data: options.data }, automation.owner);
        } catch (error) {
          log.warn(
            { automationId: automation.id, event: name, code: toErrorPayload(error)?.code },
            'event automation run not queued',
          );
          continue;
        }
        const outcome = await enqueueRun(db, {
          automation,
          trigger: { type: 'event', event: name, payload: { ...payload } },
          now: startedAt,
          id: `evt_${automation.id}_${startedAt}`,
        });
        if (outcome.queued) queued += 1;
      }
      if (queued > 0) options.onQueued();
    }),
  );
  return () => {
    for (const off of offs) off();
  };
}
