import { MessageChannel } from 'node:worker_threads';
import { describeLanguages } from '../availability.js';
import { findNonFiniteNumber, nonFiniteFault } from '../core/convert.js';
import { DEFAULT_LIMITS, resolveLimits, type ScriptLimits } from '../core/limits.js';
import { LIMIT_CODES, type ScriptErrorCode } from '../diagnostics.js';
import { LmxError } from '../errors.js';
import type { BridgeName } from '../ports/bridge-name.js';
import type { ScriptBridges } from '../ports/script-bridges.js';
import type { RunRequest, RunResult } from '../run-result.js';
import { serveBridges } from './bridge-host.js';
import type { RunMessage, WorkerMessage } from './protocol.js';
import { type SandboxWorker, startSandboxWorker } from './sandbox-worker.js';
import { locateWorker, type WorkerLocation } from './worker-location.js';

/** Options of {@link createScriptRunner}. */
export interface ScriptRunnerOptions {
  /** Warm workers kept ready (default 2). */
  poolSize?: number;
  /** Most workers at once; more runs wait in line (default poolSize + 2). */
  maxWorkers?: number;
  /** Limits of a run that sets none (default {@link DEFAULT_LIMITS}). */
  defaultLimits?: Partial<ScriptLimits>;
  /** The most a run may ask for (default: the defaults). `memoryMb` applies to every worker. */
  maxLimits?: Partial<ScriptLimits>;
  /** Where the worker code is (default: beside this module). */
  worker?: WorkerLocation;
  /** Start the warm workers now (default true); else on the first run or `warm()`. */
  prewarm?: boolean;
  /**
   * The nice value of the worker threads on Linux (default 10, at most 19; 0 keeps the host's
   * priority): scripts that keep every core busy still leave the host's own thread — its event
   * loop — scheduled first.
   */
  workerNice?: number;
}

/** A run request as the runner takes it: the script plus this request's bridges. */
export interface ScriptRunRequest extends RunRequest {
  bridges?: ScriptBridges;
  /**
   * Cancels the run (its caller went away, or the caller's own deadline passed): a run still
   * waiting for a worker leaves the line and never starts; a running one has its worker
   * terminated. Either way the run answers `E_CANCELLED` at once.
   */
  signal?: AbortSignal;
}

/** A pool of sandbox workers running scripts. */
export interface ScriptRunner {
  run(request: ScriptRunRequest): Promise<RunResult>;
  /** Starts the warm workers if they are not running yet. */
  warm(): void;
  /** Counts for monitoring and tests. */
  stats(): { workers: number; idle: number; queued: number; started: number; discarded: number };
  /** Terminates every worker; runs in flight end with `E_RUNTIME` "the script runner was closed". */
  close(): Promise<void>;
}

/**
 * Creates a script runner: each run happens in a worker thread with `resourceLimits`
 * (memory), a wall-clock watchdog that terminates the worker at `timeMs`, and the step
 * budget inside. Workers are kept warm and reused, except one that hit a limit or crashed,
 * which is discarded. Bridges stay in the host and are served to the worker by message
 * passing, with call counts and deadlines enforced and pending work aborted when the run ends.
 *
 * @example
 * ```ts
 * const runner = createScriptRunner({ poolSize: 2 });
 * const result = await runner.run({ mode: 'lmx', source: 'print 1 + 2' });
 * result.output; // ['3']
 * await runner.close();
 * ```
 */
export function createScriptRunner(options: ScriptRunnerOptions = {}): ScriptRunner {
  const poolSize = Math.max(0, options.poolSize ?? 2);
  const maxWorkers = Math.max(1, options.maxWorkers ?? poolSize + 2);
  const maxLimits = resolveLimits(options.maxLimits, { ...DEFAULT_LIMITS, ...numbersOf(options.maxLimits) });
  const defaults = resolveLimits(options.defaultLimits, maxLimits, {
    ...DEFAULT_LIMITS,
    ...numbersOf(options.defaultLimits),
  });
  const location = options.worker ?? locateWorker();
  const nice = Math.max(0, Math.min(19, options.workerNice ?? 10));
  const workers = new Set<SandboxWorker>();
  // Runs waiting for a worker, oldest first; a cancelled one removes itself.
  const queue: ((sandbox: SandboxWorker) => void)[] = [];
  const inFlight = new Set<() => void>();
  let started = 0;
  let discarded = 0;
  let nextId = 0;
  let closed = false;

  const spawn = (): SandboxWorker => {
    const sandbox = startSandboxWorker(location, maxLimits.memoryMb, nice);
    workers.add(sandbox);
    started++;
    sandbox.worker.once('exit', () => {
      workers.delete(sandbox);
      // A worker that died before it was ready is not replaced automatically: a missing or
      // broken worker file must not become a respawn loop. The next run tries again.
      if (!closed && sandbox.runs > 0) refill();
    });
    return sandbox;
  };

  let warmed = options.prewarm ?? true;
  const refill = (): void => {
    while (!closed && warmed && workers.size < poolSize) spawn();
    while (!closed && queue.length > 0 && workers.size < maxWorkers) {
      const sandbox = spawn();
      sandbox.busy = true;
      (queue.shift() as (sandbox: SandboxWorker) => void)(sandbox);
    }
  };

  /** A worker for one run, or undefined when `signal` aborted while the run waited in line. */
  const acquire = (signal: AbortSignal | undefined): Promise<SandboxWorker | undefined> => {
    for (const sandbox of workers) {
      if (!sandbox.busy && !sandbox.dead) {
        sandbox.busy = true;
        return Promise.resolve(sandbox);
      }
    }
    if (workers.size < maxWorkers) {
      const sandbox = spawn();
      sandbox.busy = true;
      return Promise.resolve(sandbox);
    }
    return new Promise((resolve) => {
      const take = (sandbox: SandboxWorker): void => {
        signal?.removeEventListener('abort', leave);
        resolve(sandbox);
      };
      const leave = (): void => {
        const index = queue.indexOf(take);
        if (index !== -1) queue.splice(index, 1);
        resolve(undefined);
      };
      queue.push(take);
      signal?.addEventListener('abort', leave, { once: true });
    });
  };

  const release = (sandbox: SandboxWorker, reuse: boolean): void => {
    if (!reuse || sandbox.dead || closed) {
      discarded++;
      sandbox.dead = true;
      workers.delete(sandbox);
      void sandbox.worker.terminate();
      refill();
      return;
    }
    sandbox.busy = false;
    sandbox.worker.unref();
    const waiting = queue.shift();
    if (waiting) {
      sandbox.busy = true;
      waiting(sandbox);
    }
  };

  const execute = async (
    request: ScriptRunRequest,
    limits: ScriptLimits,
    started: number,
  ): Promise<RunResult> => {
    const { signal } = request;
    const sandbox = await acquire(signal);
    if (!sandbox) return failure(request.mode, 'E_CANCELLED', CANCELLED_WAITING, started);
    // A busy worker keeps the process alive until its run ends; idle ones do not.
    sandbox.worker.ref();
    try {
      await sandbox.ready;
    } catch {
      release(sandbox, false);
      return failure(request.mode, 'E_RUNTIME', 'the sandbox worker could not start', started);
    }
    if (signal?.aborted) {
      release(sandbox, true);
      return failure(request.mode, 'E_CANCELLED', CANCELLED_WAITING, started);
    }
    const deadline = Date.now() + limits.timeMs;
    const present = presentBridges(request.bridges);
    const channel = present.length > 0 ? new MessageChannel() : undefined;
    const wake = channel ? new SharedArrayBuffer(4) : undefined;
    const host =
      channel && wake && request.bridges
        ? serveBridges({ port: channel.port1, signal: wake, bridges: request.bridges, limits, deadline })
        : undefined;
    const id = ++nextId;
    return new Promise<RunResult>((resolve) => {
      let settled = false;
      const partial: string[] = [];
      const settle = (outcome: RunResult, reuse: boolean): void => {
        if (settled) return;
        settled = true;
        // A terminated worker sends no result: keep the lines it streamed before it stopped.
        const result =
          outcome.output.length === 0 && partial.length > 0 ? { ...outcome, output: partial } : outcome;
        clearTimeout(watchdog);
        signal?.removeEventListener('abort', cancelRun);
        sandbox.worker.off('message', onMessage);
        sandbox.worker.off('exit', onExit);
        inFlight.delete(cancel);
        host?.close();
        sandbox.runs++;
        release(sandbox, reuse);
        resolve(result);
      };
      const onMessage = (message: WorkerMessage): void => {
        if (message.type === 'output' && message.id === id) {
          partial.push(...message.lines);
          return;
        }
        if (message.type !== 'result' || message.id !== id) return;
        const result = { ...message.result, durationMs: elapsed(started) };
        settle(result, !(result.error && LIMIT_CODES.has(result.error.code)));
      };
      const onExit = (): void => {
        const memory = sandbox.exitError?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        settle(
          memory
            ? failure(request.mode, 'E_LIMIT_MEMORY', `the run used more than ${limits.memoryMb} MB`, started)
            : failure(request.mode, 'E_RUNTIME', 'the sandbox stopped unexpectedly', started),
          false,
        );
      };
      const cancel = (): void =>
        settle(failure(request.mode, 'E_RUNTIME', 'the script runner was closed', started), false);
      // The worker is terminated (never reused): the script stops at once, wherever it is.
      const cancelRun = (): void =>
        settle(failure(request.mode, 'E_CANCELLED', 'the run was cancelled while it ran', started), false);
      const watchdog = setTimeout(() => {
        settle(
          failure(request.mode, 'E_LIMIT_TIME', `the run took longer than ${limits.timeMs} ms`, started),
          false,
        );
      }, limits.timeMs);
      inFlight.add(cancel);
      signal?.addEventListener('abort', cancelRun, { once: true });
      sandbox.worker.on('message', onMessage);
      sandbox.worker.once('exit', onExit);
      const message: RunMessage = {
        type: 'run',
        id,
        mode: request.mode,
        source: request.source,
        input: request.input ?? null,
        limits,
        deadline,
        bridges: present,
      };
      if (channel && wake) {
        message.bridgePort = channel.port2;
        message.signal = wake;
        sandbox.worker.postMessage(message, [channel.port2]);
      } else {
        sandbox.worker.postMessage(message);
      }
    });
  };

  refill();

  return {
    async run(request) {
      if (closed) throw new LmxError('LMX_RUNNER_CLOSED', 'the script runner is closed');
      warmed = true;
      const startedAt = performance.now();
      const refused = refuseEarly(request, startedAt);
      if (refused) return refused;
      if (request.signal?.aborted) return failure(request.mode, 'E_CANCELLED', CANCELLED_WAITING, startedAt);
      // Input crosses to the worker as JSON: anything else (cycles, BigInt) is refused here, and
      // so is a number JSON cannot hold (JSON.stringify would silently make Infinity null).
      const nonFinite = findNonFiniteNumber(request.input, 'input');
      if (nonFinite !== undefined) {
        return failure(
          request.mode,
          'E_INPUT',
          nonFiniteFault('E_INPUT', 'input', nonFinite).message,
          startedAt,
        );
      }
      let input: unknown;
      try {
        input = request.input === undefined ? null : JSON.parse(JSON.stringify(request.input) ?? 'null');
      } catch {
        return failure(
          request.mode,
          'E_INPUT',
          'input must be JSON data (no cycles, BigInt or functions)',
          startedAt,
        );
      }
      const limits = resolveLimits(request.limits, maxLimits, defaults);
      limits.memoryMb = maxLimits.memoryMb;
      return execute({ ...request, input }, limits, startedAt);
    },
    warm() {
      warmed = true;
      refill();
    },
    stats() {
      let idle = 0;
      for (const sandbox of workers) if (!sandbox.busy && !sandbox.dead) idle++;
      return { workers: workers.size, idle, queued: queue.length, started, discarded };
    },
    async close() {
      closed = true;
      for (const cancel of [...inFlight]) cancel();
      const all = [...workers];
      workers.clear();
      await Promise.all(all.map((sandbox) => sandbox.worker.terminate()));
    },
  };
}

const CANCELLED_WAITING = 'the run was cancelled before it started (it was waiting for a worker)';

/** Requests that cannot run at all are answered without a worker. */
function refuseEarly(request: ScriptRunRequest, started: number): RunResult | undefined {
  const mode = typeof request.mode === 'string' ? request.mode : String(request.mode);
  if (typeof request.source !== 'string') return failure(mode, 'E_INPUT', 'source must be a string', started);
  const entry = describeLanguages({ bridges: presentBridges(request.bridges) }).find(
    (item) => item.id === mode,
  );
  if (!entry) return undefined; // executeScript names the unknown mode and lists the known ones
  if (!entry.available && entry.code)
    return failure(mode, entry.code, entry.reason ?? 'not available', started);
  return undefined;
}

function presentBridges(bridges: ScriptBridges | undefined): BridgeName[] {
  if (!bridges) return [];
  return (Object.keys(bridges) as BridgeName[]).filter((name) => bridges[name] !== undefined);
}

function failure(mode: string, code: ScriptErrorCode, message: string, started: number): RunResult {
  return {
    ok: false,
    mode,
    output: [],
    error: { code, message, line: 1, column: 1, mode },
    durationMs: elapsed(started),
  };
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}

function numbersOf(limits: Partial<ScriptLimits> | undefined): Partial<ScriptLimits> {
  const result: Partial<ScriptLimits> = {};
  if (!limits) return result;
  for (const key of Object.keys(limits) as (keyof ScriptLimits)[]) {
    const value = limits[key];
    if (typeof value === 'number' && Number.isFinite(value)) result[key] = value;
  }
  return result;
}
