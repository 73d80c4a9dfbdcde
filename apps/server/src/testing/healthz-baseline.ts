import { HEALTHZ_BOUND_MS, type HealthzProbeResult, probeHealthzDuring } from './healthz-probe.js';

/** What {@link probeHealthzAgainstBaseline} saw: the attack's probe and the bound it is held to. */
export interface HealthzBaselineResult<T> extends HealthzProbeResult<T> {
  /** {@link HEALTHZ_BOUND_MS} above the worst wait of the same probe while nothing ran. */
  boundMs: number;
  /** The worst waits of the idle probes before and after the attack. */
  idleWorstMs: [before: number, after: number];
}

const idleFor = (base: string, ms: number) =>
  probeHealthzDuring(base, () => new Promise((resolve) => setTimeout(resolve, ms)));

/**
 * Runs `attack` under `probeHealthzDuring` and measures the bound it is held to against a
 * baseline in the same run: the same probe with nothing running, for two seconds before the
 * attack and, after it, for as long as the attack took (up to 15 s), so the idle windows see as
 * much of the machine's scheduling noise as the attack's. The bound is {@link HEALTHZ_BOUND_MS}
 * above the worse of the two: about 250 ms on a quiet machine; on a loaded one (many test
 * processes on two cores) the noise every probe sees is not counted against the server, while a
 * main thread held for seconds still fails.
 *
 * @example
 * const seen = await probeHealthzAgainstBaseline(base, attack);
 * expect(seen.worstMs).toBeLessThan(seen.boundMs);
 */
export async function probeHealthzAgainstBaseline<T>(
  base: string,
  attack: () => Promise<T>,
): Promise<HealthzBaselineResult<T>> {
  const before = await idleFor(base, 2000);
  const started = performance.now();
  const seen = await probeHealthzDuring(base, attack);
  const after = await idleFor(base, Math.min(Math.max(2000, performance.now() - started), 15_000));
  return {
    ...seen,
    boundMs: HEALTHZ_BOUND_MS + Math.max(before.worstMs, after.worstMs),
    idleWorstMs: [before.worstMs, after.worstMs],
  };
}
