// The wall clock's timers: a thread's deadline bounds real work, whatever clock a test fakes.
import { clearTimeout, setTimeout } from 'node:timers';
import { Worker } from 'node:worker_threads';
import type { ThreadMessage } from './serve-thread-requests.js';
import { ThreadBusyError, ThreadDeadlineError, ThreadFailedError, ThreadTaskError } from './thread-errors.js';

/**
 * Where a thread entry is: its TypeScript source (run through the tsx loader when the server
 * runs from sources, in tests) and its built file (a tsup entry beside the server's bundle).
 */
export interface ThreadEntry {
  source: URL;
  built: URL;
}

/** Options of {@link createDeadlineThread}. */
export interface DeadlineThreadOptions {
  entry: ThreadEntry;
  /** Handed to the entry's handler (`serveThreadRequests`) as its second argument. */
  data?: unknown;
  /** Old-generation heap limit of the thread, in MiB: a request cannot grow the process past it. */
  heapMb: number;
  /** Requests waiting beyond the one running; more are refused with `ThreadBusyError`. */
  maxQueued: number;
  /**
   * The thread's nice value on Linux (0, the default, leaves it as the main thread's): a thread
   * whose requests run for seconds yields the core to the event loop when both want it.
   */
  nice?: number;
}

/** Options of one {@link DeadlineThread.run}. */
export interface ThreadRunOptions {
  /** From the moment the thread starts the request (its start-up and queue time excluded). */
  deadlineMs: number;
  /** Drops the request while it waits in the queue; a running one ends at its deadline. */
  signal?: AbortSignal;
}

/** A worker thread that serves requests one at a time, each under a hard deadline. */
export interface DeadlineThread<Request, Answer> {
  /**
   * Runs `request` on the thread. Rejects with `ThreadDeadlineError` when it runs past its
   * deadline (the thread is terminated; a fresh one serves the next request), `ThreadTaskError`
   * when the entry threw, `ThreadFailedError` when the thread died or is closed, and
   * `ThreadBusyError` when the queue is full.
   */
  run(request: Request, options: ThreadRunOptions): Promise<Answer>;
  /** Refuses what is queued and terminates the thread. */
  close(): Promise<void>;
}

interface Task {
  id: number;
  request: unknown;
  options: ThreadRunOptions;
  resolve(answer: unknown): void;
  reject(error: unknown): void;
}

// Every thread starts here: it takes its priority first, so even loading the entry's modules
// yields to the event loop, then loads the entry — through source-thread.mjs, which registers
// the tsx loader, when the server runs from its TypeScript sources (tests).
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
if (workerData.nice > 0 && process.platform === 'linux') {
  try { setPriority(workerData.nice); } catch {}
}
import(workerData.sourceLoader ?? workerData.entry).catch((error) => {
  setImmediate(() => { throw error; });
});
`;
const SOURCE_LOADER = new URL('./source-thread.mjs', import.meta.url);

function startWorker(options: DeadlineThreadOptions): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  return new Worker(BOOTSTRAP, {
    eval: true,
    workerData: {
      entry: (fromSources ? options.entry.source : options.entry.built).href,
      ...(fromSources ? { sourceLoader: SOURCE_LOADER.href } : {}),
      data: options.data,
      nice: options.nice ?? 0,
    },
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
  });
}

/**
 * Starts (lazily) a worker thread running `entry` and queues requests to it, one running at a
 * time: whatever a request costs — a regular expression, a schema compiling for seconds — the
 * main thread never waits on it, and a request past its deadline ends with the thread, which
 * is replaced for the next one. The thread does not keep the process alive when idle.
 *
 * @example
 * const grep = createDeadlineThread<GrepRequest, GrepResult>({ entry, heapMb: 256, maxQueued: 64 });
 * const result = await grep.run(request, { deadlineMs: 1000 });
 */
export function createDeadlineThread<Request, Answer>(
  options: DeadlineThreadOptions,
): DeadlineThread<Request, Answer> {
  let worker: Worker | undefined;
  let ready: Promise<Worker> | undefined;
  let running: { task: Task; timer?: NodeJS.Timeout } | undefined;
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  const drop = (stopped: Worker) => {
    if (worker !== stopped) return;
    worker = undefined;
    ready = undefined;
    void stopped.terminate();
  };

  const settle = (outcome: (task: Task) => void) => {
    if (running === undefined) return;
    const { task, timer } = running;
    running = undefined;
    clearTimeout(timer);
    outcome(task);
    pump();
  };

  const spawn = (): Promise<Worker> => {
    const started = startWorker(options);
    started.unref();
    worker = started;
    return new Promise((resolve, reject) => {
      started.on('message', (message: ThreadMessage) => {
        if (message.type === 'ready') return resolve(started);
        if (running?.task.id !== message.id) return;
        settle((task) =>
          message.ok ? task.resolve(message.answer) : task.reject(new ThreadTaskError(message.failure)),
        );
      });
      const fail = (error: Error) => {
        reject(error);
        if (worker !== started) return;
        drop(started);
        settle((task) => task.reject(new ThreadFailedError(`The thread failed: ${error.message}`)));
      };
      started.on('error', fail);
      started.on('exit', (code) => fail(new Error(`the thread exited (code ${code})`)));
    });
  };

  function pump(): void {
    if (closed || running !== undefined) return;
    const task = queue.shift();
    if (task === undefined) return;
    ready ??= spawn();
    const starting = ready;
    // Holds the slot while the thread starts, so requests keep their order.
    running = { task };
    starting.then(
      (thread) => {
        if (running?.task !== task) return;
        running.timer = setTimeout(() => {
          drop(thread);
          settle((late) => late.reject(new ThreadDeadlineError(late.options.deadlineMs)));
        }, task.options.deadlineMs);
        thread.postMessage({ id: task.id, request: task.request });
      },
      (error: Error) => {
        if (running?.task !== task) return;
        settle((failed) =>
          failed.reject(new ThreadFailedError(`The thread did not start: ${error.message}`)),
        );
      },
    );
  }

  return {
    run(request, runOptions) {
      if (closed) return Promise.reject(new ThreadFailedError('The thread is closed.'));
      if (runOptions.signal?.aborted) return Promise.reject(runOptions.signal.reason);
      if (queue.length >= options.maxQueued) {
        return Promise.reject(new ThreadBusyError('Too many requests are waiting for this thread.'));
      }
      return new Promise<Answer>((resolve, reject) => {
        const task: Task = {
          id: nextId++,
          request,
          options: runOptions,
          resolve: resolve as (answer: unknown) => void,
          reject,
        };
        runOptions.signal?.addEventListener(
          'abort',
          () => {
            const index = queue.indexOf(task);
            if (index === -1) return;
            queue.splice(index, 1);
            reject(runOptions.signal?.reason);
          },
          { once: true },
        );
        queue.push(task);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new ThreadFailedError('The thread is closed.'));
      if (running !== undefined) {
        clearTimeout(running.timer);
        running.task.reject(new ThreadFailedError('The thread is closed.'));
        running = undefined;
      }
      const stopping = worker;
      worker = undefined;
      ready = undefined;
      await stopping?.terminate();
    },
  };
}
