import type { Diagnostic } from '../diagnostics.js';
import type { RunResult } from '../run-result.js';

/** Characters kept of one error message when a result leaves the worker. */
export const MAX_MESSAGE_CHARS = 1000;
/** Diagnostics kept when a result leaves the worker. */
export const MAX_DIAGNOSTICS = 50;

/**
 * Bounds what a result carries besides its output and value (each bounded by its own limit,
 * `outputChars` and `valueChars`): an error message can quote script data (`num(x)` names the
 * text it could not read), so messages are cut to {@link MAX_MESSAGE_CHARS} characters and
 * the diagnostics to {@link MAX_DIAGNOSTICS}, before the result is copied to the host.
 *
 * @example
 * ```ts
 * port.postMessage({ type: 'result', id, result: boundRunResult(result) });
 * ```
 */
export function boundRunResult(result: RunResult): RunResult {
  const { error } = result;
  if (!error) return result;
  const bounded = { ...error, ...boundMessage(error) };
  if (error.diagnostics)
    bounded.diagnostics = error.diagnostics.slice(0, MAX_DIAGNOSTICS).map((item) => ({
      ...item,
      ...boundMessage(item),
    }));
  return { ...result, error: bounded };
}

function boundMessage(diagnostic: Diagnostic): { message: string } {
  const { message } = diagnostic;
  return {
    message: message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message,
  };
}
