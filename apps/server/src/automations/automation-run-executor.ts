import type { Gate, GateDatabase, RequestUser } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { CapabilityErrorPayload } from '../capabilities/capability-types.js';
import { resolveStepAction } from './automation-actions.js';
import { loadOwner } from './automation-owner.js';
import { toStoredError, toStoredResult } from './automation-run-bounds.js';
import type { ClaimedRun } from './automation-run-queue.js';
import { type RunRecord, readAutomationById, readRun, type StoredRun, writeRun } from './automation-runs.js';

/** The error stored on a run that a stop or crash cut short. */
export const INTERRUPTED_ERROR: CapabilityErrorPayload = {
  code: 'AUTOMATION_INTERRUPTED',
  message:
    'The server stopped during this run; steps not recorded as done did not finish. Run it again if needed.',
};

/** What {@link createRunExecutor} needs. */
export interface RunExecutorOptions {
  db: Kysely<GateDatabase>;
  gate: Gate;
  registry: CapabilityRegistry;
  /** This process's name (`SVC_INSTANCE_ID`), recorded on the runs it runs. */
  runner: string;
  log: FastifyBaseLogger;
  now: () => number;
}

/** Runs one claimed run's steps and records them (see {@link createRunExecutor}). */
export interface RunExecutor {
  /** Marks a claimed run running: the record as written, or undefined when there is nothing to run. */
  begin(claimed: ClaimedRun): Promise<StoredRun | undefined>;
  /** Runs the steps of a run `begin` answered, recording each; `signal` cuts it short (`interrupted`). */
  execute(run: StoredRun, signal: AbortSignal): Promise<void>;
  /** Records a run a stopped process left unfinished as `interrupted`. */
  markInterrupted(run: StoredRun): Promise<void>;
}

/**
 * Creates what runs one automation run for the worker: loads the owner as a request user and
 * runs each step through `registry.invoke` on the `automation` surface (charged like the adapter
 * route), recording every step as it ends with the capability it ran (a bare action name is an
 * automation action first: `dream` → `automations.dream`), its result bounded to 8 KiB and its
 * error to 2 KiB (`toStoredResult`, `toStoredError`), so a record stays within a document's
 * 256 KiB. The first failed step ends the run `error`.
 *
 * @example
 * const executor = createRunExecutor({ db, gate, registry, runner: 'web-1', log, now: Date.now });
 * const run = await executor.begin(claimed);
 * if (run) await executor.execute(run, signal);
 */
export function createRunExecutor(options: RunExecutorOptions): RunExecutor {
  const { db, registry, runner, log, now } = options;

  const markInterrupted = async (run: StoredRun): Promise<void> => {
    const stamp = new Date(now()).toISOString();
    await writeRun(
      db,
      run,
      { ...run.record, status: 'interrupted', error: INTERRUPTED_ERROR, finishedAt: stamp },
      now(),
    );
  };

  // Unknown names are invoked as written, so the step fails with CAP_NOT_FOUND and its near misses.
  const resolveAction = async (action: string, user: RequestUser): Promise<string> =>
    (await resolveStepAction(registry, action, user))?.id ?? action;

  /** Marks the claimed run running, or settles a record that is gone or was already cut short. */
  async function begin(claimed: ClaimedRun): Promise<StoredRun | undefined> {
    const run = await readRun(db, claimed.runId);
    if (run === undefined) return undefined;
    if (run.record.status !== 'queued') {
      // A record left running by the previous version of the queue: it was cut short.
      if (run.record.status === 'running') await markInterrupted(run);
      return undefined;
    }
    const stamp = now();
    return writeRun(
      db,
      run,
      {
        ...run.record,
        status: 'running',
        runner,
        heartbeatAt: stamp,
        startedAt: new Date(stamp).toISOString(),
      },
      stamp,
    );
  }

  async function execute(claimed: StoredRun, signal: AbortSignal): Promise<void> {
    let stored: StoredRun | undefined = claimed;
    const record: RunRecord = { ...claimed.record };
    // One write at a time: the step records share the compare-and-swap chain.
    let writes = Promise.resolve();
    const save = (): Promise<void> => {
      writes = writes.then(async () => {
        if (stored === undefined) return;
        stored = await writeRun(db, stored, { ...record, heartbeatAt: now() }, now());
      });
      return writes;
    };
    const finish = (status: RunRecord['status'], error?: CapabilityErrorPayload): void => {
      record.status = status;
      record.finishedAt = new Date(now()).toISOString();
      if (error) record.error = toStoredError(error);
    };
    try {
      const automation = await readAutomationById(db, claimed.owner, record.automationId);
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
              result: toStoredResult(outcome.result),
              startedAt,
              finishedAt,
            },
          ];
        } else {
          const error = toStoredError(outcome.error);
          record.steps = [
            ...record.steps,
            { action: step.action, capability, status: 'error', error, startedAt, finishedAt },
          ];
          finish('error', error);
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
      await save().catch((error: unknown) =>
        log.error({ err: error, runId: claimed.id }, 'automation run not recorded'),
      );
    }
  }

  return { begin, execute, markInterrupted };
}
