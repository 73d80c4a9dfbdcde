import type { GateDatabase } from '@svc/gate';
import { CronExpressionParser } from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { enqueueRun, readAutomations } from './automation-runs.js';

/** The schedule's clock tick: cron has minute resolution. */
const MINUTE_MS = 60_000;

/** Options of {@link createAutomationScheduler}. */
export interface AutomationSchedulerOptions {
  db: Kysely<GateDatabase>;
  log: FastifyBaseLogger;
  /** Called after runs were queued (the worker's `wake`). */
  onQueued(): void;
  /** Wall-clock time (epoch ms); `Date.now` by default, so fake timers move it in tests. */
  now?: () => number;
}

/** Fires `schedule` automations at their cron times. */
export interface AutomationScheduler {
  start(): void;
  stop(): void;
  /** Queues the runs due between the last tick and now (what each minute's timer does). */
  tick(): Promise<number>;
}

/**
 * Creates the scheduler: at each minute boundary it reads every `schedule` automation and
 * queues one run for each whose cron expression (UTC) has a time after the previous tick and
 * not after now. Times passed while no process was running are not caught up. The run id is
 * derived from the automation and the scheduled minute, so two processes sharing a database
 * queue it once.
 *
 * @example
 * const scheduler = createAutomationScheduler({ db, log, onQueued: () => worker.wake() });
 * scheduler.start();
 */
export function createAutomationScheduler(options: AutomationSchedulerOptions): AutomationScheduler {
  const now = options.now ?? Date.now;
  let last = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function tick(): Promise<number> {
    const current = now();
    const since = last;
    last = current;
    let queued = 0;
    for (const entry of await readAutomations(options.db)) {
      if (!entry.reading.ok || entry.reading.automation.trigger.type !== 'schedule') continue;
      const { automation } = entry.reading;
      const cron = (automation.trigger as { cron: string }).cron;
      const due = CronExpressionParser.parse(cron, { currentDate: new Date(since), tz: 'UTC' })
        .next()
        .getTime();
      if (due > current) continue;
      const outcome = await enqueueRun(options.db, {
        automation,
        trigger: { type: 'schedule', scheduledAt: new Date(due).toISOString() },
        now: current,
        id: `sched_${automation.id}_${due}`,
      });
      if (outcome.queued) queued += 1;
    }
    if (queued > 0) options.onQueued();
    return queued;
  }

  function schedule(): void {
    if (!running) return;
    // Just past the next minute boundary, so the minute's cron time is already due.
    const delay = MINUTE_MS - (now() % MINUTE_MS) + 100;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => options.log.error({ err: error }, 'automation schedule tick failed'))
        .finally(schedule);
    }, delay);
    timer.unref?.();
  }

  return {
    start() {
      if (running) return;
      running = true;
      last = now();
      schedule();
    },
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
    },
    tick,
  };
}
