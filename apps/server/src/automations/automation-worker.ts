import type { Gate, GateDatabase } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { createRunExecutor } from './automation-run-executor.js';
import {
  beatRuns,
  type ClaimedRun,
  claimNextRun,
  dequeueRun,
  findAbandonedRuns,
} from './automation-run-queue.js';
import { readRun } from './automation-runs.js';

/** Runs one process runs at once, of all owners (default of `concurrency`). */
export const DEFAULT_WORKER_CONCURRENCY = 4;
/** Runs of one owner running at once (default of `perUserConcurrency`). */
export const DEFAULT_PER_USER_CONCURRENCY = 1;

/** Options of {@link createAutomationWorker}. */
export interface AutomationWorkerOptions {
  db: Kysely<GateDatabase>;
  gate: Gate;
  registry: CapabilityRegistry;
  /** This process's name (`SVC_INSTANCE_ID`): its own `running` runs found at start were cut short by its last stop. */
  instanceId: string;
  log: FastifyBaseLogger;
  /** Idle poll interval (default 1 s); enqueuing calls `wake()`. */
  pollIntervalMs?: number;
  /** A running run whose heartbeat is older than this was abandoned by a dead process (default 60 s). */
  leaseMs?: number;
  /** Runs this process runs at once (default {@link DEFAULT_WORKER_CONCURRENCY}). */
  concurrency?: number;
  /** Runs of one owner at once, across processes (default {@link DEFAULT_PER_USER_CONCURRENCY}). */
  perUserConcurrency?: number;
  now?: () => number;
  /** The database's kind: PostgreSQL takes runs with `FOR UPDATE SKIP LOCKED`. */
  dialect?: 'sqlite' | 'postgres';
}

/** The persisted worker running queued automation runs. */
export interface AutomationWorker {
  start(): void;
  /** Stops after interrupting the current runs (recorded `interrupted`). */
  stop(): Promise<void>;
  wake(): void;
}

/** Owners whose last turn this process remembers for the round-robin; the oldest are forgotten first. */
const SERVED_MEMORY = 10_000;

/**
 * Creates the automation worker. It takes queued runs fairly from the run queue
 * (`automation_run_queue`, a compare-and-swap, so several processes can share a database):
 * round-robin by owner, at most `perUserConcurrency` runs of one owner at once and
 * `concurrency` in all, so one owner's many long runs never hold another's back while a slot is
 * free, and by at most one run when none is. Each run's steps run through the run executor
 * (`createRunExecutor`: as the owner, each step charged, results bounded). A run cut short by a
 * stop or a crash is marked `interrupted`, never resumed: a step may have had effects (a charge,
 * a webhook) that running it again would repeat.
 *
 * @example
 * const worker = createAutomationWorker({ db, gate, registry, instanceId, log });
 * app.addHook('onReady', async () => worker.start());
 */
export function createAutomationWorker(options: AutomationWorkerOptions): AutomationWorker {
  const { db, log } = options;
  const runner = options.instanceId;
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_WORKER_CONCURRENCY);
  const perUser = Math.max(1, options.perUserConcurrency ?? DEFAULT_PER_USER_CONCURRENCY);
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const lastServed = new Map<string, number>();
  let turns = 0;
  let loop: Promise<void> | undefined;
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  let lastRecovery = 0;
  const { begin, execute, markInterrupted } = createRunExecutor({
    db,
    gate: options.gate,
    registry: options.registry,
    runner,
    log,
    now,
  });

  async function recoverAbandoned(atStart: boolean): Promise<void> {
    const abandoned = await findAbandonedRuns(db, {
      ...(atStart ? { runner } : {}),
      staleBefore: now() - leaseMs,
      limit: 500,
    });
    for (const { runId } of abandoned) {
      if (active.has(runId)) continue;
      const run = await readRun(db, runId);
      if (run && (run.record.status === 'running' || run.record.status === 'queued')) {
        await markInterrupted(run);
        log.warn({ runId }, 'automation run cut short by a stopped process marked interrupted');
      }
      await dequeueRun(db, runId);
    }
    lastRecovery = now();
  }

  function launch(claimed: ClaimedRun): void {
    const controller = new AbortController();
    const done = (async () => {
      try {
        const run = await begin(claimed);
        if (run !== undefined) await execute(run, controller.signal);
      } catch (error) {
        log.error({ err: error, runId: claimed.runId }, 'automation run failed');
      } finally {
        await dequeueRun(db, claimed.runId).catch((error: unknown) =>
          log.error({ err: error, runId: claimed.runId }, 'automation run not dequeued'),
        );
        active.delete(claimed.runId);
        wake();
      }
    })();
    active.set(claimed.runId, { controller, done });
  }

  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  const sleep = (): Promise<void> =>
    new Promise((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, pollIntervalMs);
      function done(): void {
        clearTimeout(timer);
        woken = false;
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  async function fill(): Promise<void> {
    while (!stopping && active.size < concurrency) {
      const claimed = await claimNextRun(db, {
        runner,
        now: now(),
        perUser,
        lastServed,
        ...(options.dialect ? { dialect: options.dialect } : {}),
      });
      if (claimed === undefined) return;
      lastServed.delete(claimed.owner);
      lastServed.set(claimed.owner, ++turns);
      if (lastServed.size > SERVED_MEMORY) lastServed.delete(lastServed.keys().next().value as string);
      launch(claimed);
    }
  }

  async function run(): Promise<void> {
    await recoverAbandoned(true).catch((error: unknown) =>
      log.error({ err: error }, 'automation recovery failed'),
    );
    const heartbeat = setInterval(
      () => void beatRuns(db, runner, [...active.keys()], now()).catch(() => undefined),
      Math.max(1000, leaseMs / 4),
    );
    try {
      while (!stopping) {
        try {
          if (now() - lastRecovery > leaseMs / 2) await recoverAbandoned(false);
          await fill();
        } catch (error) {
          log.error({ err: error }, 'automation worker iteration failed');
        }
        await sleep();
      }
      await Promise.allSettled([...active.values()].map((entry) => entry.done));
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      loop = run();
    },
    async stop() {
      stopping = true;
      for (const entry of active.values()) entry.controller.abort(new Error('The server is shutting down'));
      wake();
      await loop;
      loop = undefined;
    },
    wake,
  };
}
