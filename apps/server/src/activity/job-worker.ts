import type { ClaimedJob, JobStore } from './job-store.js';

/** What a job's runner may do besides its work. */
export interface JobControl {
  /** Aborted when the worker stops or loses the job's claim. */
  signal: AbortSignal;
  /**
   * Records progress: written to the job's row at most every `progressIntervalMs` (the latest
   * value wins; one write at a time), and with every heartbeat. Throws the abort reason once
   * aborted, ending the run.
   */
  reportProgress(done: number, total: number): void;
}

/** The pino-style logger the worker reports to (Fastify's `app.log` fits). */
export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Options of {@link createJobWorker}. */
export interface JobWorkerOptions {
  store: JobStore;
  /** Does the job's work and returns the stored file. */
  run(job: ClaimedJob, control: JobControl): Promise<{ fileKey: string; fileSize: number }>;
  /** Runs after a job is recorded as done (e.g. to delete superseded files); failures are only logged. */
  afterDone?(job: ClaimedJob): Promise<void>;
  /**
   * Runs when a finished result could not be recorded (the claim was lost, or the job was deleted
   * with its book meanwhile), so its file can be removed if nothing holds it; failures are only logged.
   */
  afterDropped?(job: ClaimedJob, file: { fileKey: string; fileSize: number }): Promise<void>;
  /** Failures that a retry cannot fix (bad pages, a deleted book): the job fails at once. */
  isPermanent(error: unknown): boolean;
  /**
   * Failures of a service every job needs (the object storage down): the job goes back to the
   * queue without using an attempt, keeping the message, and the worker waits before its next
   * claim, 1 s at first and twice as long after each further outage failure, up to
   * `outageRetryMaxMs`. So an outage of any length fails no export: they finish once it ends.
   */
  isOutage?(error: unknown): boolean;
  /** The longest wait between claims while an outage lasts; default 30 s. */
  outageRetryMaxMs?: number;
  /** The message stored for the owner: must not leak internals. */
  describeError(error: unknown): string;
  log: WorkerLog;
  /** Idle poll interval; default 500 ms. Enqueuing calls `wake()`, so this only bounds other processes' jobs. */
  pollIntervalMs?: number;
  /** A running job whose heartbeat is older than this is abandoned; default 60 s. */
  leaseMs?: number;
  /** Claims before a job is given up; default 3. */
  maxAttempts?: number;
  /** Least time between two progress writes of one job; default 250 ms. */
  progressIntervalMs?: number;
}

/** A background worker processing one job at a time. */
export interface JobWorker {
  /** Starts polling (recovering abandoned jobs first). Idempotent. */
  start(): void;
  /** Stops after the current job: an unfinished build is put back in the queue (not counted as an attempt). */
  stop(): Promise<void>;
  /** Ends the idle wait at once (call after enqueuing). */
  wake(): void;
}

class WorkerStopping extends Error {
  override name = 'WorkerStopping';
}
class ClaimLost extends Error {
  override name = 'ClaimLost';
}

/**
 * Creates the in-process job worker: it claims the oldest queued job (atomically, so several
 * processes can share one database), runs it while refreshing its lease every quarter lease,
 * records the outcome, and sleeps `pollIntervalMs` when the queue is empty. Abandoned jobs
 * (heartbeat older than the lease: their process died) are re-queued at start and every half
 * lease; a job claimed `maxAttempts` times ends in `error`.
 *
 * @example
 * const worker = createJobWorker({ store, run, isPermanent, describeError, log: app.log });
 * app.addHook('onReady', async () => worker.start());
 * app.addHook('onClose', async () => worker.stop());
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { store, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const outageRetryMaxMs = options.outageRetryMaxMs ?? 30_000;
  const progressIntervalMs = options.progressIntervalMs ?? 250;
  /** The wait before the next claim after an outage failure; 0 when the last job did not hit one. */
  let outageWaitMs = 0;
  let loop: Promise<void> | undefined;
  let stopping = false;
  let current: AbortController | undefined;
  let wakeUp: (() => void) | undefined;
  let interrupt: (() => void) | undefined;

  /** Waits `ms`; `stop()` ends the wait, and so does `wake()` when `wakeable` (idle polls, not outage waits). */
  const sleep = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        interrupt = undefined;
        resolve();
      }
      interrupt = done;
      if (wakeable) wakeUp = done;
    });

  async function settle(job: ClaimedJob, error: unknown, signal: AbortSignal): Promise<void> {
    const reason: unknown = signal.reason;
    if (reason instanceof ClaimLost) {
      log.warn({ jobId: job.id }, 'activity job claim lost to another worker; its run was dropped');
      return;
    }
    if (reason instanceof WorkerStopping) {
      await store.finish(job, { status: 'queued', countAttempt: false });
      log.info({ jobId: job.id }, 'activity job put back in the queue by shutdown');
      return;
    }
    const message = options.describeError(error);
    if (!options.isPermanent(error) && options.isOutage?.(error)) {
      outageWaitMs = Math.min(outageRetryMaxMs, outageWaitMs === 0 ? 1000 : outageWaitMs * 2);
      log.warn(
        { err: error, jobId: job.id, retryInMs: outageWaitMs },
        'activity job waits for an outage to end',
      );
      await store.finish(job, { status: 'queued', countAttempt: false, error: message });
      return;
    }
    outageWaitMs = 0;
    const final = options.isPermanent(error) || job.attempts >= maxAttempts;
    if (!options.isPermanent(error)) log.error({ err: error, jobId: job.id }, 'activity job failed');
    await store.finish(
      job,
      final ? { status: 'error', error: message } : { status: 'queued', countAttempt: true, error: message },
    );
  }

  /**
   * Writes a job's page progress behind its build: one write in flight at a time, at most one per
   * `progressIntervalMs`, always the latest value, so a fast build costs a few writes, not one per page.
   */
  function createProgressWriter(job: ClaimedJob, controller: AbortController) {
    let latest: { done: number; total: number } | undefined;
    let written: typeof latest;
    let lastWriteAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: Promise<void> | undefined;
    const write = () => {
      timer = undefined;
      if (inFlight || !latest || latest === written || controller.signal.aborted) return;
      const pages = latest;
      written = pages;
      lastWriteAt = Date.now();
      inFlight = store.recordProgress(job, pages).then(
        (held) => {
          inFlight = undefined;
          if (!held) controller.abort(new ClaimLost());
          else if (latest !== written) schedule();
        },
        (error: unknown) => {
          inFlight = undefined;
          log.warn({ err: error, jobId: job.id }, 'activity job progress could not be recorded');
        },
      );
    };
    const schedule = () => {
      if (timer || inFlight) return;
      timer = setTimeout(write, Math.max(0, lastWriteAt + progressIntervalMs - Date.now()));
      timer.unref();
    };
    return {
      report(pages: { done: number; total: number }) {
        latest = pages;
        schedule();
      },
      /** Stops writing; resolves once a write in flight has ended, so it cannot land after the outcome. */
      async close() {
        clearTimeout(timer);
        timer = undefined;
        latest = written;
        await inFlight;
      },
    };
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const controller = new AbortController();
    current = controller;
    let progress = 0;
    const pagesWriter = createProgressWriter(job, controller);
    const beat = setInterval(() => {
      store.heartbeat(job, progress).then(
        (held) => {
          if (!held) controller.abort(new ClaimLost());
        },
        (error: unknown) => log.warn({ err: error, jobId: job.id }, 'activity job heartbeat failed'),
      );
    }, leaseMs / 4);
    beat.unref();
    try {
      const file = await options.run(job, {
        signal: controller.signal,
        reportProgress(done, total) {
          if (controller.signal.aborted) throw controller.signal.reason;
          progress = total > 0 ? (100 * done) / total : 0;
          pagesWriter.report({ done, total });
        },
      });
      await pagesWriter.close();
      outageWaitMs = 0;
      // A finished file is kept even when shutdown started meanwhile.
      if (!(await store.finish(job, { status: 'done', ...file }))) {
        log.warn({ jobId: job.id }, 'activity job finished after its claim was lost; result dropped');
        await options.afterDropped?.(job, file).catch((error: unknown) => {
          log.warn({ err: error, jobId: job.id }, 'activity job clean-up failed');
        });
        return;
      }
      await options.afterDone?.(job).catch((error: unknown) => {
        log.warn({ err: error, jobId: job.id }, 'activity job clean-up failed');
      });
    } catch (error) {
      await pagesWriter.close();
      await settle(job, error, controller.signal);
    } finally {
      clearInterval(beat);
      current = undefined;
    }
  }

  async function poll(): Promise<void> {
    let nextRecovery = 0;
    while (!stopping) {
      try {
        if (Date.now() >= nextRecovery) {
          const recovered = await store.recoverAbandoned({ leaseMs, maxAttempts });
          if (recovered.requeued + recovered.failed > 0)
            log.info(recovered, 'abandoned activity jobs recovered');
          nextRecovery = Date.now() + leaseMs / 2;
        }
        const job = await store.claimNext();
        if (job) {
          await runJob(job);
          if (outageWaitMs > 0 && !stopping) await sleep(outageWaitMs, false);
          continue;
        }
      } catch (error) {
        log.error({ err: error }, 'activity job worker: database error; retrying');
      }
      if (!stopping) await sleep(pollIntervalMs, true);
    }
  }

  return {
    start() {
      if (loop || stopping) return;
      loop = poll();
    },
    async stop() {
      stopping = true;
      current?.abort(new WorkerStopping());
      interrupt?.();
      await loop;
    },
    wake() {
      wakeUp?.();
    },
  };
}
