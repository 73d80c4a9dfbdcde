import { BridgeError } from '@svc/lmx-interpreters';
import { CapabilityError } from '../../errors/capability-error.js';

/** The calls and time one bridge grants one run. */
export interface CallBudget {
  /** Counts one call: `E_LIMIT_CALLS` past the count, `E_LIMIT_TIME` past the time window. */
  take(): void;
  /** `E_LIMIT_TIME` when the time window has passed (a call it cut off ends the run that way). */
  assertTime(): void;
  /** An abort signal for one call: the run's own signal, or the end of the window, whichever first. */
  signalFor(runSignal: AbortSignal): AbortSignal;
}

/**
 * A per-run budget of a bridge (`lma`: 50 calls in 30 s, `lmai`: 20 calls in 60 s). Created
 * with the bridge, per run, so no count is shared between runs or users.
 *
 * @example
 * const budget = createCallBudget({ what: 'model', calls: 20, windowMs: 60_000 });
 * budget.take(); // the 21st call throws BridgeError E_LIMIT_CALLS
 */
export function createCallBudget(options: {
  what: string;
  calls: number;
  windowMs: number;
  now?: () => number;
}): CallBudget {
  const now = options.now ?? Date.now;
  const until = now() + options.windowMs;
  let used = 0;
  const assertTime = (): void => {
    if (now() >= until) {
      throw new BridgeError(
        `a run may make ${options.what} calls for ${options.windowMs / 1000} s; that time is up`,
        'E_LIMIT_TIME',
      );
    }
  };
  return {
    take() {
      used += 1;
      if (used > options.calls) {
        throw new BridgeError(
          `a run may make ${options.calls} ${options.what} calls; this was call ${used}`,
          'E_LIMIT_CALLS',
        );
      }
      assertTime();
    },
    assertTime,
    signalFor(runSignal) {
      // By hand rather than AbortSignal.any, which Node 20 has only from 20.3.
      const controller = new AbortController();
      const stop = (): void => controller.abort();
      if (runSignal.aborted) stop();
      else runSignal.addEventListener('abort', stop, { once: true });
      // The window is the server's limit, not the caller leaving: the call ends as a timeout
      // (504), so a charge for work it cut off is refunded.
      const windowEnded = (): void =>
        controller.abort(
          new CapabilityError(
            'CAP_TIMEOUT',
            `The run's ${options.windowMs / 1000} s of ${options.what} calls ended during this call.`,
          ),
        );
      setTimeout(windowEnded, Math.max(1, until - now())).unref();
      return controller.signal;
    },
  };
}
