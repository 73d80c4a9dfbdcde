import type { RunStore } from '@svc/dreamer-core';
import {
  checkRunArguments,
  createDreamer,
  type ProviderRegistry,
  type RunArguments,
  type RunOptions,
  type RunResult,
} from '@svc/dreamer-core';
import type { Clock, Gate, GateDatabase, MeterCharge, RequestUser } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type ConcurrencyLimiter, createConcurrencyLimiter } from '../capabilities/concurrency-limiter.js';
import { isServerSideFailure } from '../errors/capability-error-payload.js';
import { toErrorPayload } from '../errors/error-payload.js';
import { createKyselyRunStore, markStaleRuns } from './kysely-run-store.js';

/** The meter resource every run is priced by (a `meter_rules` document; none means free). */
export const DREAM_RUN_RESOURCE = 'feature:dreamer.run';
/** The membership feature a run needs (admins bypass). */
export const DREAM_FEATURE = 'intelligence';
/** Runs one user may have in flight at once on this server process, whatever the surface. */
export const MAX_CONCURRENT_RUNS_PER_USER = 3;
/** The capability id of a run: its concurrency slots are shared by the routes and every surface. */
export const DREAM_CAPABILITY_ID = 'dreamer.dream';
/** How often a run waiting on a model refreshes its record's `updatedAt`. */
export const RUN_HEARTBEAT_MS = 30_000;
/** A `running` record silent this long belongs to a dead process: three missed heartbeats. */
export const RUN_STALE_AFTER_MS = 3 * RUN_HEARTBEAT_MS;

/** A held slot of the per-user run limit; `release` is idempotent. */
export interface RunSlot {
  release(): void;
}

/** The dreamer as the server's surfaces (HTTP, adapter, MCP) use it. */
export interface DreamerServices {
  providers: ProviderRegistry;
  /** Takes one of `user`'s concurrent-run slots; `CAP_TOO_MANY_CONCURRENT` (429) when none is free. */
  reserveSlot(user: RequestUser): Promise<RunSlot>;
  /** Runs for `user` (the caller has checked membership, holds a slot and has paid). */
  run(user: RequestUser, args: RunArguments, options?: RunOptions): Promise<RunResult>;
  /**
   * A run as the `dreamer.dream` capability makes it (the registry has checked the policy and
   * holds the slot): the arguments, the `feature:dreamer.run` charge, the run, and a refund
   * when the run failed on the server's side.
   */
  runPriced(user: RequestUser, args: RunArguments, options?: RunOptions): Promise<RunResult>;
  /** True when a failure with this error should give the run's charge back (a 5xx-class failure). */
  isRefundable(error: unknown): boolean;
  /**
   * Marks runs a dead process left `running` as `error`; returns how many. `atStart` also takes
   * every run of this instance's previous incarnation; otherwise only runs silent for
   * {@link RUN_STALE_AFTER_MS} count (other instances' live runs heartbeat).
   */
  recoverStaleRuns(options?: { atStart?: boolean }): Promise<number>;
  /** Aborts every run in flight (server shutdown): their records end `aborted`, resumable. */
  abortAll(reason: string): void;
}

/**
 * Lets the event loop turn once before every checkpoint. With the synchronous SQLite driver and
 * an instant model (the echo stub, a local cache), a whole run is one unbroken promise chain:
 * the events written to a stream would sit in the socket's cork until the run ended. Yielding
 * here flushes each event by the next stage boundary, for a few microseconds per stage.
 */
function yieldingAtCheckpoints(store: RunStore): RunStore {
  const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  return {
    ...store,
    async update(id, patch) {
      await turn();
      return store.update(id, patch);
    },
  };
}

/**
 * Wires `@svc/dreamer-core` to the server: run records in the gate's `documents` table (owner
 * = caller), model calls through `providers`, charges through the gate's meter.
 *
 * @example
 * const dreamer = createDreamerServices({ db, gate, providers, clock, log });
 * await dreamer.runPriced(user, { topic: 'tools for beekeepers' });
 */
export function createDreamerServices(options: {
  db: Kysely<GateDatabase>;
  gate: Gate;
  providers: ProviderRegistry;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Per-attempt timeout of stages that set none (`DREAMER_STAGE_TIMEOUT_MS`). */
  stageTimeoutMs: number;
  /** This server process's stable name (`SVC_INSTANCE_ID`), stored on the runs it executes. */
  instanceId: string;
  /** The per-user limiter of the capability registry, so routes and capabilities share the slots. */
  concurrency?: ConcurrencyLimiter;
}): DreamerServices {
  const { db, providers, clock, log } = options;
  // Annotated: TypeScript calls assertion methods only through explicitly typed names.
  const gate: Gate = options.gate;
  const coreClock = { now: () => new Date(clock.now()) };
  const concurrency = options.concurrency ?? createConcurrencyLimiter();
  const controllers = new Set<AbortController>();

  async function reserveSlot(user: RequestUser): Promise<RunSlot> {
    return concurrency.acquire(DREAM_CAPABILITY_ID, user.id, MAX_CONCURRENT_RUNS_PER_USER);
  }

  async function run(user: RequestUser, args: RunArguments, runOptions: RunOptions = {}): Promise<RunResult> {
    // Each run gets its own controller, so shutdown can abort it whatever the caller's signal.
    const controller = new AbortController();
    const forward = (): void => controller.abort(runOptions.signal?.reason);
    if (runOptions.signal?.aborted) forward();
    runOptions.signal?.addEventListener('abort', forward, { once: true });
    controllers.add(controller);
    const dreamer = createDreamer({
      providers,
      clock: coreClock,
      stageTimeoutMs: options.stageTimeoutMs,
      runnerId: options.instanceId,
      heartbeatMs: RUN_HEARTBEAT_MS,
      store: yieldingAtCheckpoints(createKyselyRunStore({ db, owner: user.id })),
      meter: {
        recordUsage: ({ runId, usage }) =>
          log.info(
            {
              runId,
              userId: user.id,
              inputTokens: usage.inputTokens,
              outputTokens: usage.outputTokens,
              estimated: usage.estimated,
            },
            'dreamer run usage',
          ),
      },
    });
    try {
      return await dreamer.run(args, { ...runOptions, signal: controller.signal });
    } finally {
      controllers.delete(controller);
      runOptions.signal?.removeEventListener('abort', forward);
    }
  }

  function isRefundable(error: unknown): boolean {
    return isServerSideFailure(toErrorPayload(error));
  }

  async function runPriced(
    user: RequestUser,
    args: RunArguments,
    runOptions: RunOptions = {},
  ): Promise<RunResult> {
    checkRunArguments(args);
    const charge: MeterCharge = await gate.meter.charge({ user, resource: DREAM_RUN_RESOURCE });
    try {
      return await run(user, args, runOptions);
    } catch (error) {
      if (charge.charged > 0 && isRefundable(error)) {
        await gate.meter.refund(charge).catch((refundError: unknown) => {
          log.error({ err: refundError, charge }, 'meter refund failed');
        });
      }
      throw error;
    }
  }

  return {
    providers,
    reserveSlot,
    run,
    runPriced,
    isRefundable,
    recoverStaleRuns: ({ atStart = false } = {}) => {
      const now = coreClock.now();
      const idleSince = new Date(now.getTime() - RUN_STALE_AFTER_MS);
      return markStaleRuns(db, now, {
        idleSince,
        ...(atStart ? { runner: options.instanceId } : {}),
      });
    },
    abortAll(reason) {
      for (const controller of controllers) controller.abort(new Error(reason));
    },
  };
}
