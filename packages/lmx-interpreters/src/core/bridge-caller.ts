import type { BridgeName } from '../ports/bridge-name.js';

/**
 * How evaluation reaches host bridges: synchronously from the evaluator's point of view
 * (the worker blocks until the host answers or the deadline passes).
 */
export interface BridgeCaller {
  /** The bridges present for this run. */
  readonly available: ReadonlySet<BridgeName>;
  /** Calls `bridge.method(args)` in the host; the result is plain JSON data. */
  call(bridge: BridgeName, method: string, args: unknown): unknown;
}
