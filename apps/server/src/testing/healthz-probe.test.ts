import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, probeHealthzDuring } from './healthz-probe.js';

describe('the /healthz probe used by the hardening tests', () => {
  const app = Fastify();
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/block', async () => {
    const until = performance.now() + 400;
    while (performance.now() < until) {
      // the main thread held, as an unbounded regex or schema would hold it
    }
    return { blocked: true };
  });
  afterAll(() => app.close());

  it('sees a main thread held between two probes as one long wait', async () => {
    const base = await listenOnLoopback(app);
    const seen = await probeHealthzDuring(base, async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return (await fetch(`${base}/block`)).json();
    });
    expect(seen.result).toEqual({ blocked: true });
    expect(seen.worstMs).toBeGreaterThanOrEqual(300);
  });

  it('takes several samples while an attack that holds nothing runs', async () => {
    const base = await listenOnLoopback(app);
    const seen = await probeHealthzDuring(
      base,
      () => new Promise((resolve) => setTimeout(() => resolve('done'), 300)),
    );
    expect(seen.result).toBe('done');
    expect(seen.samples).toBeGreaterThan(2);
  });
});
