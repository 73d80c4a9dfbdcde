import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { describeHealthz, listenOnLoopback, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import { createLmxTestServer, type LmxTestServer } from '../testing/lmx-test-helpers.js';

// Attacks on the script engine through the real server (HTTP on loopback, several members at
// once), each while /healthz is asked every 50 ms (the probe shares the test's thread with the
// server, so it is asked no more often than it needs to catch a stall), held to the hardening
// bound above the same server's idle noise (probeHealthzAgainstBaseline).

interface RunAnswer {
  status: number;
  /** Length of the raw body. */
  bytes: number;
  // biome-ignore lint/suspicious/noExplicitAny: run results and error bodies are read loosely.
  body: any;
}

async function runOverLoopback(base: string, user: SignedInUser, source: string): Promise<RunAnswer> {
  const response = await fetch(`${base}/api/lmx/run`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'lmx', source }),
  });
  const text = await response.text();
  return { status: response.status, bytes: text.length, body: JSON.parse(text) };
}

const PROBE_EVERY_MS = 50;

async function signUpMembers(server: LmxTestServer, count: number): Promise<SignedInUser[]> {
  const members = [server.member];
  for (let index = 1; index < count; index++) {
    members.push(await signUp(server.app, `member-${index}-${Date.now()}@example.com`));
  }
  return members;
}

describe("a script's return value", () => {
  let server: LmxTestServer;
  let base: string;
  let members: SignedInUser[];
  beforeAll(async () => {
    server = await createLmxTestServer();
    members = await signUpMembers(server, 4);
    base = await listenOnLoopback(server.app);
  });
  afterAll(async () => server.close());

  it('is bounded in the worker: four members returning 100 copies of a 1 MB string get E_LIMIT_VALUE, /healthz keeps answering', async () => {
    // Without the bound each answer was a 100 MB body, built and serialised on the main thread.
    const source = 'let s = repeat("a", 1000000)\nlet l = []\nfor i in range(100) push(l, s) end\nreturn l';
    const seen = await probeHealthzAgainstBaseline(
      base,
      () => Promise.all(members.map((member) => runOverLoopback(base, member, source))),
      PROBE_EVERY_MS,
    );
    for (const answer of seen.result) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ok: false, error: { code: 'E_LIMIT_VALUE' } });
      expect(answer.bytes).toBeLessThan(10_000);
    }
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
  });
});

describe('script runs whose caller has gone', () => {
  let server: LmxTestServer;
  let base: string;
  let members: SignedInUser[];
  beforeAll(async () => {
    // Two workers for everyone and runs of 2 s: sixteen runs are 32 s of work, so most are
    // still waiting in line when the use's deadline (the run's bound + 5 s) answers 504.
    server = await createLmxTestServer({
      SVC_LMX_TIME_MS: '2000',
      SVC_LMX_POOL_SIZE: '0',
      SVC_LMX_USER_CONCURRENCY: '4',
    });
    members = await signUpMembers(server, 4);
    base = await listenOnLoopback(server.app);
  });
  afterAll(async () => server.close());

  it('are dropped from the line or stopped at the deadline, so the same user is not refused 429 next', async () => {
    // Each run spends its whole 2 s (E_LIMIT_TIME) if it ever starts: every step upper-cases
    // 200,000 characters (a flat copy, not V8's cheap repeated rope), so even a fast machine
    // takes far fewer than the 20,000,000 steps that would end it E_LIMIT_STEPS first.
    const slow = 'while true\n  let s = upper(repeat("x", 200000))\nend';
    // Sent 25 ms apart, so the probe times the runs, not sixteen requests parsed in one burst.
    const seen = await probeHealthzAgainstBaseline(
      base,
      () =>
        Promise.all(
          members
            .flatMap((member) => [member, member, member, member])
            .map(async (member, index) => {
              await new Promise((resolve) => setTimeout(resolve, index * 25));
              return runOverLoopback(base, member, slow);
            }),
        ),
      PROBE_EVERY_MS,
    );
    const timedOut = seen.result.filter((answer) => answer.status === 504);
    for (const answer of timedOut) expect(answer.body).toMatchObject({ error: { code: 'CAP_TIMEOUT' } });
    for (const answer of seen.result.filter((item) => item.status !== 504)) {
      expect(answer).toMatchObject({ status: 200, body: { error: { code: 'E_LIMIT_TIME' } } });
    }
    // At most about seven of the sixteen can run before the 7 s deadline on two workers.
    expect(timedOut.length).toBeGreaterThanOrEqual(8);

    // Every member's slots are free again at once: the timed-out runs do not hold them.
    const next = await Promise.all(members.map((member) => runOverLoopback(base, member, 'print "next"')));
    for (const answer of next) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ ok: true, output: ['next'] });
    }
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
  });
});
