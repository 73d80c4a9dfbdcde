import type { Gate, GateDatabase, RequestUser } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { CapabilityErrorPayload } from '../capabilities/capability-types.js';
import { resolveStepAction } from './automation-actions.js';
import { loadOwner } from './automation-owner.js';
import {
  findRunsByStatus,
  type RunRecord,
  readAutomations,
  type StoredRun,
  writeRun,
} from './automation-runs.js';

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
  now?: () => number;
}

/** The persisted worker running queued automation runs, one at a time. */
export interface AutomationWorker {
  start(): void;
  /** Stops after interrupting the current run (recorded `interrupted`). */
  stop(): Promise<void>;
  wake(): void;
}

/** The error stored on a run that a stop or crash cut short. */
export const INTERRUPTED_ERROR: CapabilityErrorPayload = {
  code: 'AUTOMATION_INTERRUPTED',
  message:
    'The server stopped during this run; steps not recorded as done did not finish. Run it again if needed.',
};

/**
 * Creates the automation worker. It claims the oldest queued `automation_runs` document
 * (compare-and-swap, so several processes can share a database), loads the owner as a request
 * user, and runs each step through `registry.invoke` on the `automation` surface (charged like
 * the adapter route), recording every step as it ends with the capability it ran (a bare action
 * name is an automation action first: `dream` → `automations.dream`); the first failed step ends the run
 * `error`. A run cut short by a stop or a crash is marked `interrupted`, never resumed: a step
 * may have had effects (a charge, a webhook) that running it again would repeat.
 *
 * @example
 * const worker = createAutomationWorker({ db, gate, registry, instanceId, log });
 * app.addHook('onReady', async () => worker.start());
 */
export function createAutomationWorker(options: AutomationWorkerOptions): AutomationWorker {
  const { db, registry, log } = options;
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  let loop: Promise<void> | undefined;
  let stopping = false;
  let current: AbortController | undefined;
  let wakeUp: (() => void) | undefined;
  let lastRecovery = 0;

  async function recoverAbandoned(atStart: boolean): Promise<void> {
    for (const run of await findRunsByStatus(db, 'running', 500)) {
      const { runner, heartbeatAt = 0 } = run.record;
      const abandoned = (atStart && runner === options.instanceId) || heartbeatAt < now() - leaseMs;
      if (!abandoned) continue;
      const stamp = new Date(now()).toISOString();
      if (
        await writeRun(
          db,
          run,
          { ...run.record, status: 'interrupted', error: INTERRUPTED_ERROR, finishedAt: stamp },
          now(),
        )
      )
        log.warn({ runId: run.id }, 'automation run cut short by a stopped process marked interrupted');
    }
    lastRecovery = now();
  }

  async function claimNext(): Promise<StoredRun | undefined> {
    for (const run of await findRunsByStatus(db, 'queued', 10)) {
      const stamp = now();
      const claimed = await writeRun(
        db,
        run,
        {
          ...run.record,
          status: 'running',
          runner: options.instanceId,
          heartbeatAt: stamp,
          startedAt: new Date(stamp).toISOString(),
        },
        stamp,
      );
      if (claimed) return claimed;
    }
    return undefined;
  }

  // Unknown names are invoked as written, so the step fails with CAP_NOT_FOUND and its near misses.
  const resolveAction = async (action: string, user: RequestUser): Promise<string> =>
    (await resolveStepAction(registry, action, user))?.id ?? action;

  async function execute(claimed: StoredRun, signal: AbortSignal): Promise<void> {
    let stored: StoredRun | undefined = claimed;
    const record: RunRecord = { ...claimed.record };
    // One write at a time: the heartbeat and the step records share the compare-and-swap chain.
    let writes = Promise.resolve();
    const save = (): Promise<void> => {
      writes = writes.then(async () => {
        if (stored === undefined) return;
        stored = await writeRun(db, stored, { ...record, heartbeatAt: now() }, now());
      });
      return writes;
    };
    const heartbeat = setInterval(() => void save().catch(() => undefined), Math.max(1000, leaseMs / 4));
    const finish = (status: RunRecord['status'], error?: CapabilityErrorPayload): void => {
      record.status = status;
      record.finishedAt = new Date(now()).toISOString();
      if (error) record.error = error;
    };
    try {
      const automation = (await readAutomations(db, { owner: claimed.owner })).find(
        (entry) => entry.id === record.automationId,
      );
      const user = await loadOwner(db, options.gate, claimed.owner, claimed.id);
      if (automation === undefined || !automation.reading.ok || user === undefined) {
        finish('error', {
          code: 'AUTOMATION_UNAVAILABLE',
          message:
            user === undefined
              ? 'The owner account is gone.'
              : 'The automation was deleted or is no longer valid.',
          ...(automation && !automation.reading.ok
            ? { details: { problems: automation.reading.problems } }
            : {}),
        });
        return;
      }
      for (const step of automation.reading.automation.steps) {
        const startedAt = new Date(now()).toISOString();
        const capability = await resolveAction(step.action, user);
        const outcome = await registry.invoke(capability, step.args, {
          user,
          surface: 'automation',
          signal,
          log,
        });
        const finishedAt = new Date(now()).toISOString();
        if (signal.aborted) {
          finish('interrupted', INTERRUPTED_ERROR);
          return;
        }
        if (outcome.ok) {
          record.steps = [
            ...record.steps,
            {
              action: step.action,
              capability,
              status: 'done',
              result: outcome.result ?? null,
              startedAt,
              finishedAt,
            },
          ];
        } else {
          record.steps = [
            ...record.steps,
            { action: step.action, capability, status: 'error', error: outcome.error, startedAt, finishedAt },
          ];
          finish('error', outcome.error);
          return;
        }
        await save();
        // The owner deleted the run record: stop rather than run steps nobody can see.
        if (stored === undefined) return;
      }
      finish('done');
    } catch (error) {
      log.error({ err: error, runId: claimed.id }, 'automation run failed');
      finish('error', { code: 'SERVER_INTERNAL', message: 'Internal error.' });
    } finally {
      clearInterval(heartbeat);
      await save().catch((error: unknown) =>
        log.error({ err: error, runId: claimed.id }, 'automation run not recorded'),
      );
    }
  }

  const sleep = (): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, pollIntervalMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    await recoverAbandoned(true).catch((error: unknown) =>
      log.error({ err: error }, 'automation recovery failed'),
    );
    while (!stopping) {
      try {
        if (now() - lastRecovery > leaseMs / 2) await recoverAbandoned(false);
        const claimed = await claimNext();
        if (claimed === undefined) {
          await sleep();
          continue;
        }
        current = new AbortController();
        await execute(claimed, current.signal);
        current = undefined;
      } catch (error) {
        log.error({ err: error }, 'automation worker iteration failed');
        await sleep();
      }
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
      current?.abort(new Error('The server is shutting down'));
      wakeUp?.();
      await loop;
      loop = undefined;
    },
    wake: () => wakeUp?.(),
  };
}
