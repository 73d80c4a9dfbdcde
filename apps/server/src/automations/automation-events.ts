import type { GateDatabase } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { SERVER_EVENT_NAMES, type ServerEvents } from '../events/server-events.js';
import { enqueueRun, readAutomations } from './automation-runs.js';

/** An event-triggered automation runs at most once per this long (loop protection). */
export const EVENT_COOLDOWN_MS = 60_000;

/**
 * Subscribes `event` automations to the server's events: an event concerning a user queues a
 * run of each of that user's automations whose trigger names it, with the event's payload on
 * the run's trigger. Only the user's own events start their automations. Each automation
 * starts at most once per {@link EVENT_COOLDOWN_MS}, so one whose steps cause its own event
 * (a `dream` step on `dreamer.run.finished`) cannot loop. The answer unsubscribes.
 *
 * @example
 * const off = subscribeEventTriggers({ db, events, log, onQueued: () => worker.wake() });
 */
export function subscribeEventTriggers(options: {
  db: Kysely<GateDatabase>;
  events: ServerEvents;
  log: FastifyBaseLogger;
  onQueued(): void;
  now?: () => number;
}): () => void {
  const now = options.now ?? Date.now;
  const lastStarted = new Map<string, number>();
  const offs = SERVER_EVENT_NAMES.map((name) =>
    options.events.on(name, async (payload) => {
      let queued = 0;
      for (const entry of await readAutomations(options.db, { owner: payload.owner })) {
        if (!entry.reading.ok) continue;
        const { automation } = entry.reading;
        if (automation.trigger.type !== 'event' || automation.trigger.event !== name) continue;
        const started = lastStarted.get(automation.id);
        if (started !== undefined && now() - started < EVENT_COOLDOWN_MS) {
          options.log.info(
            { automationId: automation.id, event: name },
            'event automation skipped: cooling down',
          );
          continue;
        }
        lastStarted.set(automation.id, now());
        await enqueueRun(options.db, {
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
