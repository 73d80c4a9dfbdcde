import type { FastifyInstance } from 'fastify';

/** What `probeHealthzDuring` saw while the attack ran. */
export interface HealthzProbeResult<T> {
  /** The attack's own result. */
  result: T;
  /** How many `/healthz` answers arrived while the attack ran (at least one is always taken). */
  samples: number;
  /**
   * The longest wait, in milliseconds, from the moment a probe was due to its answer. Measured
   * from the due time, not from the send, so a main thread blocked between two probes counts.
   */
  worstMs: number;
}

/**
 * Runs `attack` and, meanwhile, asks the server's `GET /healthz` every `everyMs` milliseconds
 * over real HTTP on loopback (the server must be listening) — the way an orchestrator's
 * liveness check would — and reports the worst answer time. A blocked main thread shows as one
 * long wait, whether it blocks during a probe or between two.
 *
 * @example
 * const base = await listenOnLoopback(server.app);
 * const seen = await probeHealthzDuring(base, () => attackWithRegex());
 * expect(seen.worstMs).toBeLessThan(HEALTHZ_BOUND_MS);
 */
export async function probeHealthzDuring<T>(
  base: string,
  attack: () => Promise<T>,
  everyMs = 20,
): Promise<HealthzProbeResult<T>> {
  let done = false;
  let samples = 0;
  let worstMs = 0;
  const probing = (async () => {
    let due = performance.now();
    do {
      const answer = await fetch(`${base}/healthz`);
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`/healthz answered ${answer.status} during the attack`);
      const answeredAt = performance.now();
      worstMs = Math.max(worstMs, answeredAt - due);
      samples += 1;
      due = Math.max(answeredAt, due + everyMs);
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    } while (!done);
  })();
  try {
    const result = await attack();
    return { result, samples, worstMs: (await finish()).worstMs };
  } catch (error) {
    await finish().catch(() => undefined);
    throw error;
  }

  async function finish() {
    done = true;
    await probing;
    return { worstMs };
  }
}

/** The bound the hardening tests hold `/healthz` to while an attack runs, above the idle noise. */
export const HEALTHZ_BOUND_MS = 250;

/** What {@link probeHealthzAgainstBaseline} saw: the attack's probe and the bound it is held to. */
export interface HealthzBaselineResult<T> extends HealthzProbeResult<T> {
  /** {@link HEALTHZ_BOUND_MS} above the worst wait of the same probe while nothing ran. */
  boundMs: number;
  /** The worst waits of the idle probes before and after the attack. */
  idleWorstMs: [before: number, after: number];
}

const idleFor = (base: string, ms: number, everyMs: number) =>
  probeHealthzDuring(base, () => new Promise((resolve) => setTimeout(resolve, ms)), everyMs);

/**
 * The hardening tests' check: runs `attack` under {@link probeHealthzDuring} and holds it to
 * {@link HEALTHZ_BOUND_MS} above the worst wait of the same probe, on the same server, with
 * nothing running — one second before the attack and, after it, as long as it took (one to
 * three seconds). On a quiet machine the idle worst is a few milliseconds, so the bound is about
 * 250 ms; on a loaded one (many test processes on two cores) the scheduling noise every probe
 * sees is not counted against the server, while a main thread held by the attack still fails.
 *
 * @example
 * const seen = await probeHealthzAgainstBaseline(base, () => attack());
 * expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
 */
export async function probeHealthzAgainstBaseline<T>(
  base: string,
  attack: () => Promise<T>,
  everyMs = 20,
): Promise<HealthzBaselineResult<T>> {
  const before = await idleFor(base, 1000, everyMs);
  const started = performance.now();
  const seen = await probeHealthzDuring(base, attack, everyMs);
  const after = await idleFor(base, Math.min(Math.max(1000, performance.now() - started), 3000), everyMs);
  return {
    ...seen,
    boundMs: HEALTHZ_BOUND_MS + Math.max(before.worstMs, after.worstMs),
    idleWorstMs: [before.worstMs, after.worstMs],
  };
}

/**
 * A one-line account of a baseline probe, for an assertion's message.
 *
 * @example
 * describeHealthz(seen); // "worst 31 ms, bound 262 ms (idle 12 / 9 ms, 140 samples)"
 */
export function describeHealthz(seen: HealthzBaselineResult<unknown>): string {
  const [before, after] = seen.idleWorstMs.map(Math.round);
  return `worst ${Math.round(seen.worstMs)} ms, bound ${Math.round(seen.boundMs)} ms (idle ${before} / ${after} ms, ${seen.samples} samples)`;
}

/**
 * Starts `app` on an ephemeral loopback port (if it is not listening yet) and returns its base
 * URL, so a probe goes over real HTTP.
 *
 * @example
 * const base = await listenOnLoopback(server.app); // "http://127.0.0.1:39512"
 */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}
