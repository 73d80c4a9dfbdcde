import { HEALTHZ_BOUND_MS, probeHealthzDuring } from './healthz-probe.js';

/**
 * The bound a hardening test holds `/healthz` to, measured against a baseline in the same run:
 * {@link HEALTHZ_BOUND_MS} above the worst wait the same probe sees while nothing runs, for as
 * long as `idleMs`. On a quiet machine that is about 250 ms; on a loaded one (many test
 * processes on two cores), the scheduling noise every probe sees is not counted against the
 * server, while a main thread held for seconds still fails.
 *
 * @example
 * const bound = await measureHealthzBound(base);
 * const seen = await probeHealthzDuring(base, attack);
 * expect(seen.worstMs).toBeLessThan(bound);
 */
export async function measureHealthzBound(base: string, idleMs = 2000): Promise<number> {
  const idle = await probeHealthzDuring(base, () => new Promise((resolve) => setTimeout(resolve, idleMs)));
  return HEALTHZ_BOUND_MS + idle.worstMs;
}
