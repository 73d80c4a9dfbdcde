import type { ThreadFailure } from './serve-thread-requests.js';

/** A request ran past its deadline: the thread was terminated (a fresh one serves the next). */
export class ThreadDeadlineError extends Error {
  override name = 'ThreadDeadlineError';
  readonly deadlineMs: number;

  constructor(deadlineMs: number) {
    super(`The work took longer than ${deadlineMs} ms and was stopped.`);
    this.deadlineMs = deadlineMs;
  }
}

/** The thread failed while serving the request (out of memory, a crash) or is closed. */
export class ThreadFailedError extends Error {
  override name = 'ThreadFailedError';
}

/** The thread's queue is full: the request was not accepted. */
export class ThreadBusyError extends Error {
  override name = 'ThreadBusyError';
}

/** The entry's handler threw: its name, code, message and details, as they crossed. */
export class ThreadTaskError extends Error {
  readonly failure: ThreadFailure;

  constructor(failure: ThreadFailure) {
    super(failure.message);
    this.name = 'ThreadTaskError';
    this.failure = failure;
  }
}
