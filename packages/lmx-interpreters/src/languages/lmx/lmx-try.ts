import { ScriptMap } from '../../core/values.js';
import type { ScriptFault } from '../../errors.js';

/** The codes `catch` receives; everything else (limits, refusals, cancellation) ends the run. */
export const CATCHABLE: ReadonlySet<string> = new Set([
  'E_RUNTIME',
  'E_NAME',
  'E_DIMENSION',
  'E_BRIDGE_FAILED',
  'E_BRIDGE_MISSING',
]);

/**
 * What `catch e` receives: `{code, message, line, column}`.
 *
 * @example
 * ```ts
 * frame.slots[slot] = describeFault(fault);
 * ```
 */
export function describeFault(fault: ScriptFault): ScriptMap {
  return new ScriptMap([
    ['code', fault.code],
    ['message', fault.message],
    ['line', fault.span?.line ?? null],
    ['column', fault.span?.column ?? null],
  ]);
}
