import { MessageChannel } from 'node:worker_threads';
import { describeLanguages } from '../availability.js';
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
}

/** A run request as the runner takes it: the script plus this request's bridges. */
export interface ScriptRunRequest extends RunRequest {
  bridges?: ScriptBridges;
}

/** A pool of sandbox workers running scripts. */
export interface ScriptRunner {
  run(request: ScriptRunRequest): Promise<RunResult>;
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
  const workers = new Set<SandboxWorker>();
  const queue: ((sandbox: SandboxWorker) => void)[] = [];
  const inFlight = new Set<() => void>();
  let started = 0;
  let discarded = 0;
  let nextId = 0;
  let closed = false;

  const spawn = (): SandboxWorker => {
    const sandbox = startSandboxWorker(location, maxLimits.memoryMb);
    workers.add(sandbox);
    started++;
    sandbox.worker.once('exit', () => {
      workers.delete(sandbox);
      if (!closed) refill();
    });
    return sandbox;
  };

  const refill = (): void => {
    while (!closed && workers.size < poolSize) spawn();
    while (!closed && queue.length > 0 && workers.size < maxWorkers) {
      const sandbox = spawn();
      sandbox.busy = true;
      (queue.shift() as (sandbox: SandboxWorker) => void)(sandbox);
    }
  };

  const acquire = (): Promise<SandboxWorker> => {
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
    return new Promise((resolve) => queue.push(resolve));
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
    const sandbox = await acquire();
    // A busy worker keeps the process alive until its run ends; idle ones do not.
    sandbox.worker.ref();
    try {
      await sandbox.ready;
    } catch {
      release(sandbox, false);
      return failure(request.mode, 'E_RUNTIME', 'the sandbox worker could not start', started);
    }
    const deadline = Date.now() + limits.timeMs;
    const present = presentBridges(request.bridges);
    const channel = present.length > 0 ? new MessageChannel() : undefined;
    const signal = channel ? new SharedArrayBuffer(4) : undefined;
    const host =
      channel && signal && request.bridges
        ? serveBridges({ port: channel.port1, signal, bridges: request.bridges, limits, deadline })
        : undefined;
    const id = ++nextId;
    return new Promise<RunResult>((resolve) => {
      let settled = false;
      const settle = (result: RunResult, reuse: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(watchdog);
        sandbox.worker.off('message', onMessage);
        sandbox.worker.off('exit', onExit);
        inFlight.delete(cancel);
        host?.close();
        sandbox.runs++;
        release(sandbox, reuse);
        resolve(result);
      };
      const onMessage = (message: WorkerMessage): void => {
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
      const watchdog = setTimeout(() => {
        settle(
          failure(request.mode, 'E_LIMIT_TIME', `the run took longer than ${limits.timeMs} ms`, started),
          false,
        );
      }, limits.timeMs);
      inFlight.add(cancel);
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
      if (channel && signal) {
        message.bridgePort = channel.port2;
        message.signal = signal;
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
      const startedAt = performance.now();
      const refused = refuseEarly(request, startedAt);
      if (refused) return refused;
      const limits = resolveLimits(request.limits, maxLimits, defaults);
      limits.memoryMb = maxLimits.memoryMb;
      return execute(request, limits, startedAt);
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
