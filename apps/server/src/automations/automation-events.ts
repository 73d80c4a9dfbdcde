import type { DataService, GateDatabase } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { toErrorPayload } from '../errors/error-payload.js';
import { SERVER_EVENT_NAMES, type ServerEvents } from '../events/server-events.js';
import { admitRun } from './automation-run-admission.js';
import { enqueueRun } from './automation-runs.js';
import { findEventSubscribers, isAutomationStored, unindexAutomation } from './automation-triggers.js';

/** An event-triggered automation runs at most once per this long (loop protection). */
export const EVENT_COOLDOWN_MS = 60_000;
/** Automations whose last start is remembered for the cooldown; the oldest are forgotten first. */
const COOLDOWN_MEMORY = 100_000;

/**
 * Subscribes `event` automations to the server's events: an event concerning a user queues a
 * run of each of that user's automations whose trigger names it (and, for
 * `gate.document.deleted` with a `collection`, whose collection matches), with the event's
 * payload on the run's trigger. The listeners are found in the trigger index by (owner, event):
 * an event nobody listens to reads no automation. Only the user's own events start their
 * automations. Each automation starts at most once per {@link EVENT_COOLDOWN_MS}, so one whose
 * steps cause its own event (a `dream` step on `dreamer.run.finished`) cannot loop. A run the
 * owner may not queue now (too many waiting, no room under the quota) is skipped and logged.
 * The answer unsubscribes.
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
  const lastStarted = new Map<string, number>();
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
        const started = lastStarted.get(automation.id);
        if (started !== undefined && now() - started < EVENT_COOLDOWN_MS) {
          log.info({ automationId: automation.id, event: name }, 'event automation skipped: cooling down');
          continue;
        }
        lastStarted.delete(automation.id);
        lastStarted.set(automation.id, now());
        if (lastStarted.size > COOLDOWN_MEMORY) lastStarted.delete(lastStarted.keys().next().value as string);
        try {
          await admitRun({ db, data: options.data }, automation.owner);
        } catch (error) {
          log.warn(
            { automationId: automation.id, event: name, code: toErrorPayload(error)?.code },
            'event automation run not queued',
          );
          continue;
        }
        await enqueueRun(db, {
          automation,
          trigger: { type: 'event', event: name, payload: { ...payload } },
          now: now(),
        });
        queued += 1;
      }
      if (queued > 0) options.onQueued();
    }),
  );
  return () => {
    for (const off of offs) off();
  };
}
