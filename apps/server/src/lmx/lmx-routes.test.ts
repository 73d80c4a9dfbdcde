import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLmxTestServer, type LmxTestServer, runScriptAs } from '../testing/lmx-test-helpers.js';

describe('the script engine over HTTP', () => {
  let server: LmxTestServer;
  beforeAll(async () => {
    server = await createLmxTestServer();
  });
  afterAll(async () => server.close());

  it('runs a script for a signed-in member in the sandbox', async () => {
    const run = await runScriptAs(server.app, server.member.cookie, {
      mode: 'lmx',
      source: 'let total = 0\nfor n in [1, 2, 3]\n  total = total + n\nend\nprint total, input.name',
      input: { name: 'ada' },
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ ok: true, mode: 'lmx', output: ['6 ada'] });
  });

  it('answers a script error as a result with its position, not as an HTTP error', async () => {
    const run = await runScriptAs(server.app, server.member.cookie, {
      mode: 'lmx',
      source: 'let = 1\nprint (',
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ ok: false, error: { code: 'E_PARSE', line: 1 } });
    expect((run.body.error as { diagnostics: unknown[] }).diagnostics).toHaveLength(2);
  });

  it('refuses anonymous callers and malformed requests in the one error shape', async () => {
    expect((await runScriptAs(server.app, undefined, { mode: 'lmx', source: 'print 1' })).status).toBe(401);
    const unknown = await runScriptAs(server.app, server.member.cookie, { mode: 'lmzz', source: 'print 1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: { code: 'CAP_INVALID_ARGS' } });
    const typed = await runScriptAs(server.app, server.member.cookie, {
      mode: 'lmx',
      source: 42 as unknown as string,
    });
    expect(typed.body).toMatchObject({ error: { code: 'CAP_INVALID_ARGS' } });
  });

  it('runs a bridged mode through its bridge, as the caller', async () => {
    const run = await runScriptAs(server.app, server.member.cookie, {
      mode: 'lmq',
      source: 'FROM pages SELECT count()',
    });
    expect(run.body).toMatchObject({ ok: true, mode: 'lmq' });
    const reserved = await runScriptAs(server.app, server.member.cookie, {
      mode: 'lmq',
      source: 'FROM users',
    });
    expect(reserved.body).toMatchObject({ ok: false, error: { code: 'E_FORBIDDEN' } });
  });

  it('lists the sixteen interpreters with why a host mode is closed to this caller', async () => {
    const member = await server.app.inject({
      method: 'GET',
      url: '/api/lmx/interpreters',
      headers: { cookie: server.member.cookie },
    });
    const body = member.json<{
      timeMs: number;
      interpreters: { id: string; available: boolean; code?: string; reason?: string }[];
    }>();
    expect(body.timeMs).toBe(5000);
    expect(body.interpreters.map((entry) => entry.id)).toHaveLength(16);
    expect(body.interpreters.find((entry) => entry.id === 'lmx')).toMatchObject({ available: true });
    expect(body.interpreters.find((entry) => entry.id === 'lms')).toMatchObject({
      available: false,
      code: 'E_FORBIDDEN',
      reason: 'lms is a host mode: host modes need an admin caller and SVC_LMX_HOST_MODES=1 on the server',
    });
    // Nothing runs for an anonymous caller: the catalogue says so mode by mode.
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/lmx/interpreters' });
    const forAnonymous = anonymous.json<typeof body>().interpreters;
    expect(forAnonymous.filter((entry) => entry.available)).toEqual([]);
    expect(forAnonymous.find((entry) => entry.id === 'lmx')).toMatchObject({
      code: 'GATE_UNAUTHENTICATED',
      reason: 'running a script needs an account: sign in first',
    });
    expect(forAnonymous.find((entry) => entry.id === 'lms')).toMatchObject({ code: 'E_FORBIDDEN' });
    const admin = await server.app.inject({
      method: 'GET',
      url: '/api/lmx/interpreters',
      headers: { cookie: server.adminCookie },
    });
    const lmt = admin.json<typeof body>().interpreters.find((entry) => entry.id === 'lmt');
    expect(lmt).toMatchObject({
      available: false,
      reason: 'lmt is a host mode: host modes need SVC_LMX_HOST_MODES=1 on the server',
    });
  });

  it('refuses host modes to a member and to an admin without the host flag, naming what is missing', async () => {
    const member = await runScriptAs(server.app, server.member.cookie, { mode: 'lms', source: 'RUN "id"' });
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({
      error: { code: 'GATE_FORBIDDEN', details: { scriptCode: 'E_FORBIDDEN' } },
    });
    expect((member.body.error as { message: string }).message).toContain('an admin caller');
    const admin = await runScriptAs(server.app, server.adminCookie, { mode: 'lmt', source: 'SLEEP 1ms' });
    expect(admin.status).toBe(403);
    expect((admin.body.error as { message: string }).message).toBe(
      'lmt is a host mode: host modes need SVC_LMX_HOST_MODES=1 on the server.',
    );
  });

  it('serves bundled demos with their source, at least one per built language, each running', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/lmx/demos' });
    const demos = response.json<{ demos: { id: string; mode: string; source: string; input?: unknown }[] }>()
      .demos;
    const interpreters = (
      await server.app.inject({
        method: 'GET',
        url: '/api/lmx/interpreters',
        headers: { cookie: server.adminCookie },
      })
    ).json<{ interpreters: { id: string; available: boolean; hostMode: boolean; code?: string }[] }>()
      .interpreters;
    const built = interpreters
      .filter((entry) => entry.available || entry.code === 'E_FORBIDDEN')
      .map((entry) => entry.id);
    for (const mode of built)
      expect(
        demos.some((demo) => demo.mode === mode),
        `a demo for ${mode}`,
      ).toBe(true);
    const hostModes = new Set(interpreters.filter((entry) => entry.hostMode).map((entry) => entry.id));
    for (const demo of demos.filter((candidate) => !hostModes.has(candidate.mode))) {
      const run = await runScriptAs(server.app, server.member.cookie, {
        mode: demo.mode,
        source: demo.source,
        ...(demo.input === undefined ? {} : { input: demo.input }),
      });
      expect(run.body, demo.id).toMatchObject({ ok: true });
    }
  });
});

describe('the script engine under its bounds', () => {
  // Slow in time but cheap in steps: each iteration builds and upper-cases an 800 000-character string.
  const SLOW = 'while true\n  let s = upper(repeat("ab", 400000))\nend';
  let server: LmxTestServer;
  beforeAll(async () => {
    server = await createLmxTestServer({
      SVC_LMX_TIME_MS: '400',
      SVC_LMX_USER_CONCURRENCY: '1',
      SVC_LMX_RUNS_PER_MINUTE: '5',
    });
  });
  afterAll(async () => server.close());

  it('ends a run at the configured time bound and keeps serving other requests meanwhile', async () => {
    let finished = false;
    const slow = runScriptAs(server.app, server.member.cookie, { mode: 'lmx', source: SLOW }).then(
      (answer) => {
        finished = true;
        return answer;
      },
    );
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(finished).toBe(false);
    expect((await slow).body.error).toMatchObject({
      code: 'E_LIMIT_TIME',
      message: 'the run took longer than 400 ms',
    });
  });

  it('allows the configured runs in flight per user, then rate-limits per minute', async () => {
    const [first, second] = await Promise.all([
      runScriptAs(server.app, server.member.cookie, { mode: 'lmx', source: SLOW }),
      runScriptAs(server.app, server.member.cookie, { mode: 'lmx', source: 'print 1' }),
    ]);
    expect(first.body.error).toMatchObject({ code: 'E_LIMIT_TIME' });
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({ code: 'CAP_TOO_MANY_CONCURRENT' });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      statuses.push(
        (await runScriptAs(server.app, server.member.cookie, { mode: 'lmx', source: 'print 1' })).status,
      );
    }
    expect(statuses).toContain(429);
  });

  it('refuses settings out of range at start, naming the variable', async () => {
    const { loadConfig } = await import('../config/server-config.js');
    expect(() => loadConfig({ SVC_LMX_TIME_MS: '99' })).toThrow(
      /SVC_LMX_TIME_MS must be a whole number from 100 to 300000/,
    );
    expect(() => loadConfig({ SVC_LMX_MEMORY_MB: 'lots' })).toThrow(/SVC_LMX_MEMORY_MB/);
  });
});
