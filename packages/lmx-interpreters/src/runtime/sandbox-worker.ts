import { Worker } from 'node:worker_threads';
import type { WorkerMessage, WorkerSettings } from './protocol.js';
import type { WorkerLocation } from './worker-location.js';

/** One sandbox thread and its state in the pool. */
export interface SandboxWorker {
  worker: Worker;
  /** Resolves when the thread has loaded the interpreter. */
  ready: Promise<void>;
  /** Set when the thread exited or errored; it is never used again. */
  dead: boolean;
  /** Set while a run is in flight. */
  busy: boolean;
  runs: number;
  /** The error the thread died of, if any (`ERR_WORKER_OUT_OF_MEMORY` for the memory limit). */
  exitError?: { code?: string };
}

/**
 * Starts one sandbox thread with memory limits and, on Linux, a lowered CPU priority (`nice`).
 * Its exit or a crash marks it dead; the pool then replaces it.
 *
 * @example
 * ```ts
 * const sandbox = startSandboxWorker(locateWorker(), 64, 10);
 * await sandbox.ready;
 * ```
 */
export function startSandboxWorker(location: WorkerLocation, memoryMb: number, nice = 0): SandboxWorker {
  const settings: WorkerSettings = { nice };
  const worker = new Worker(location.url, {
    execArgv: location.execArgv,
    workerData: settings,
    resourceLimits: {
      maxOldGenerationSizeMb: memoryMb,
      maxYoungGenerationSizeMb: Math.max(4, Math.min(32, Math.floor(memoryMb / 4))),
      stackSizeMb: 4,
    },
    stdout: true,
    stderr: true,
  });
  const sandbox: SandboxWorker = { worker, ready: Promise.resolve(), dead: false, busy: false, runs: 0 };
  sandbox.ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: WorkerMessage): void => {
      if (message.type !== 'ready') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the sandbox worker exited before it was ready')));
  });
  // A rejected `ready` nobody awaits must not become an unhandled rejection.
  sandbox.ready.catch(() => undefined);
  worker.once('exit', () => {
    sandbox.dead = true;
  });
  worker.on('error', (error: Error & { code?: string }) => {
    sandbox.dead = true;
    sandbox.exitError = error;
  });
  worker.unref();
  return sandbox;
}
