import type { DataService, GateDatabase } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { toErrorPayload } from '../errors/error-payload.js';
import { admitRun } from './automation-run-admission.js';
import { enqueueRun } from './automation-runs.js';
import {
  advanceSchedule,
  type DueSchedule,
  findDueSchedules,
  isAutomationStored,
  tryNextCronTime,
  unindexAutomation,
  yieldToEventLoop,
} from './automation-triggers.js';

/** The schedule's clock tick: cron has minute resolution. */
const MINUTE_MS = 60_000;
/** A cron time further in the past than this when the scheduler reaches it is skipped, not run late. */
export const SCHEDULE_LATE_LIMIT_MS = 5 * MINUTE_MS;
/** Due schedules read per batch; a tick reads batches until none is due. */
const BATCH = 200;
/** Most schedules one tick fires; the rest are due at the next tick (if not too late by then). */
const MAX_PER_TICK = 20_000;

/** Options of {@link createAutomationScheduler}. */
export interface AutomationSchedulerOptions {
  db: Kysely<GateDatabase>;
  data: Pick<DataService, 'readUsage'>;
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
  /** Queues the runs due now (what each minute's timer does); the answer is how many were queued. */
  tick(): Promise<number>;
}

/**
 * Creates the scheduler: at each minute boundary it reads, through the trigger index's
 * `next_due_at`, only the schedule automations whose next cron time (UTC) has come — earliest
 * first, in batches — moves each to its following time and queues one run of it. How many
 * automations exist, or how old they are, does not matter. A time more than
 * {@link SCHEDULE_LATE_LIMIT_MS} past (no process was running) is skipped, not caught up. The
 * move is a compare-and-swap and the run id is derived from the automation and the time, so two
 * processes sharing a database queue it once. A run its owner may not queue now (too many
 * waiting, no room under the quota) is skipped and logged.
 *
 * @example
 * const scheduler = createAutomationScheduler({ db, data: gate.data, log, onQueued: () => worker.wake() });
 * scheduler.start();
 */
export function createAutomationScheduler(options: AutomationSchedulerOptions): AutomationScheduler {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function fire(schedule: DueSchedule, current: number): Promise<boolean> {
    // The next time after now, not after the due time: missed times are not caught up.
    const next = tryNextCronTime(schedule.cron, Math.max(current, schedule.dueAt)) ?? null;
    if (!(await advanceSchedule(db, schedule, next))) return false;
    if (!(await isAutomationStored(db, schedule.id))) {
      await unindexAutomation(db, schedule.id);
      return false;
    }
    if (schedule.dueAt < current - SCHEDULE_LATE_LIMIT_MS) {
      log.info(
        { automationId: schedule.id, dueAt: schedule.dueAt },
        'automation schedule time skipped: too late',
      );
      return false;
    }
    try {
      await admitRun({ db, data: options.data }, schedule.owner);
    } catch (error) {
      log.warn(
        { automationId: schedule.id, owner: schedule.owner, code: toErrorPayload(error)?.code },
        'scheduled automation run not queued',
      );
      return false;
    }
    const outcome = await enqueueRun(db, {
      automation: { id: schedule.id, owner: schedule.owner, name: schedule.name },
      trigger: { type: 'schedule', scheduledAt: new Date(schedule.dueAt).toISOString() },
      now: current,
      id: `sched_${schedule.id}_${schedule.dueAt}`,
    });
    return outcome.queued;
  }

  async function tick(): Promise<number> {
    const current = now();
    let queued = 0;
    let seen = 0;
    while (seen < MAX_PER_TICK) {
      const due = await findDueSchedules(db, current, BATCH);
      for (const schedule of due) {
        if (await fire(schedule, current)) queued += 1;
      }
      seen += due.length;
      if (queued > 0) options.onQueued();
      if (due.length < BATCH) break;
      await yieldToEventLoop();
    }
    return queued;
  }

  function schedule(): void {
    if (!running) return;
    // Just past the next minute boundary, so the minute's cron time is already due.
    const delay = MINUTE_MS - (now() % MINUTE_MS) + 100;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => log.error({ err: error }, 'automation schedule tick failed'))
        .finally(schedule);
    }, delay);
    timer.unref?.();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
    },
    tick,
  };
}
