import type { CapabilitySurface } from './capability-types.js';
import type { InvokeOutcome } from './invoke-capability.js';

/** One use of a capability, as an observer sees it: never its arguments or its caller. */
export interface ObservedUse {
  /** The id asked for. */
  id: string;
  /**
   * A bounded name for metrics and spans: the id of a registered capability, `<prefix>*` for one
   * from a source (per-caller functions, webhooks, remote tools), `unknown` for an id nobody has.
   * A caller cannot grow a label set by inventing ids.
   */
  label: string;
  surface: CapabilitySurface;
}

/**
 * Watches every `invoke` of the registry (metrics, tracing) without touching any capability.
 * `wrap` must call `run` exactly once and answer what it answers; an observer never changes an
 * outcome and must not throw.
 *
 * @example
 * registry.addObserver({ wrap: async (use, run) => { const outcome = await run(); count(use.label, outcome.ok); return outcome; } });
 */
export interface CapabilityObserver {
  wrap<Result>(use: ObservedUse, run: () => Promise<InvokeOutcome<Result>>): Promise<InvokeOutcome<Result>>;
}

/**
 * Runs `run` under every observer, the first added outermost.
 *
 * @example
 * const outcome = await observeUse(observers, use, () => invokeCapability(deps, id, args, options));
 */
export function observeUse<Result>(
  observers: readonly CapabilityObserver[],
  use: ObservedUse,
  run: () => Promise<InvokeOutcome<Result>>,
): Promise<InvokeOutcome<Result>> {
  let next = run;
  for (let index = observers.length - 1; index >= 0; index -= 1) {
    const observer = observers[index] as CapabilityObserver;
    const inner = next;
    next = () => observer.wrap(use, inner);
  }
  return next();
}
