import { ApiError } from '../../api/http';
import { hasPermission, type SessionUser } from '../../api/types';
import type { CheckAnswer, CheckedWhere, CheckRequest } from './spec-check-protocol';

export type { CheckedWhere, SpecSource } from './spec-check-protocol';

/**
 * Who checks: callers holding `run_adapter` (developers, staff, admins) use the server's `spec`
 * adapter (`POST /api/adapters/spec/…`, priced by the meter like any adapter call); members,
 * who may not call adapters, get the same toolkit run in the browser. The toolkit is offline and
 * deterministic, so both give the same answer (docs/console.md).
 */
export function whereToCheck(user: SessionUser | null | undefined): CheckedWhere {
  return hasPermission(user ?? null, 'run_adapter') ? 'server' : 'browser';
}

/** A running check: its answer, and a way to stop it (the worker is terminated at once). */
export interface RunningCheck {
  answer: Promise<Extract<CheckAnswer, { ok: true }>>;
  cancel(): void;
}

/** Thrown by a cancelled check's `answer`. */
export class CheckCancelled extends Error {
  constructor() {
    super('The check was cancelled.');
    this.name = 'CheckCancelled';
  }
}

/**
 * Starts a validate or diff in a fresh Web Worker (`spec-check.worker.ts`), so the page's thread
 * only posts the request (files as `File`s, never read here) and renders the answer.
 *
 * @example
 * const check = startCheck({ kind: 'validate', where: 'browser', spec: { kind: 'file', file } });
 * const { result } = await check.answer; // or check.cancel()
 */
export function startCheck(request: CheckRequest): RunningCheck {
  const worker = new Worker(new URL('./spec-check.worker.ts', import.meta.url), {
    type: 'module',
    name: 'spec-check',
  });
  let settle: ((error: Error) => void) | undefined;
  const answer = new Promise<Extract<CheckAnswer, { ok: true }>>((resolve, reject) => {
    settle = reject;
    worker.onmessage = (event: MessageEvent<CheckAnswer>) => {
      worker.terminate();
      const data = event.data;
      if (data.ok) resolve(data);
      else reject(new ApiError(data.failure.status, data.failure));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(
        new ApiError(0, {
          code: 'CONSOLE_CHECK_FAILED',
          message: `The checker could not run in this browser: ${event.message || 'worker error'}`,
        }),
      );
    };
  });
  worker.postMessage(request);
  return {
    answer,
    cancel() {
      worker.terminate();
      settle?.(new CheckCancelled());
    },
  };
}
