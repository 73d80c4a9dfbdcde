import type { RunResult } from '@svc/lmx-interpreters';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../routes/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { readLmxOptions } from './lmx-options.js';

const [sqlite] = testDatabaseTargets();
// Slow in time but cheap in steps: each iteration builds and upper-cases a 800 000-character string.
const SLOW = 'while true\n  let s = upper(repeat("ab", 400000))\nend';

async function serverWith(env: Record<string, string>): Promise<TestServer> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    return await createTestServer(sqlite as NonNullable<typeof sqlite>);
  } finally {
    vi.unstubAllEnvs();
  }
}

describe('the script routes', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await serverWith({});
    cookie = (await signUp(server.app, `lmx-${Date.now()}@example.com`)).cookie;
  });
  afterAll(async () => server?.close());

  const run = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    server.app.inject({
      method: 'POST',
      url: '/api/lmx/run',
      headers,
      payload: payload as Record<string, unknown>,
    });

  it('lists the sixteen modes with their availability and the time bound, for anyone', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/lmx/interpreters' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      timeMs: number;
      interpreters: { id: string; available: boolean; code?: string }[];
    }>();
    expect(body.timeMs).toBe(5000);
    expect(body.interpreters).toHaveLength(16);
    expect(body.interpreters.find((mode) => mode.id === 'lmx')).toMatchObject({ available: true });
    expect(body.interpreters.find((mode) => mode.id === 'lma')).toMatchObject({
      available: false,
      code: 'E_NOT_AVAILABLE',
    });
  });

  it('serves bundled demos, each of which runs', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/lmx/demos' });
    const { demos } = response.json<{
      demos: { id: string; mode: string; source: string; input?: unknown }[];
    }>();
    expect(new Set(demos.map((demo) => demo.mode))).toEqual(
      new Set(['lmx', 'lmy', 'lmm', 'lmc', 'lmz', 'lmn', 'lmg']),
    );
    for (const demo of demos) {
      const result = (
        await run({ mode: demo.mode, source: demo.source, input: demo.input })
      ).json<RunResult>();
      expect(result, demo.id).toMatchObject({ ok: true, mode: demo.mode });
      expect(result.output.length, demo.id).toBeGreaterThan(0);
    }
  });

  it('runs a script for a signed-in user and answers script errors as results', async () => {
    const ok = await run({
      mode: 'lmx',
      source: 'print "hi {{input.name}}"\nreturn {__proto__: 1}',
      input: { name: 'Ada' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, mode: 'lmx', output: ['hi Ada'] });
    expect(JSON.parse(ok.body).value).toEqual(JSON.parse('{"__proto__": 1}'));
    const broken = await run({ mode: 'lmx', source: 'let = 1\nprint 1 +' });
    expect(broken.statusCode).toBe(200);
    expect(broken.json().error).toMatchObject({
      code: 'E_PARSE',
      line: 1,
      diagnostics: [{ line: 1 }, { line: 2 }],
    });
    expect((await run({ mode: 'lmq', source: 'FROM x' })).json().error.code).toBe('E_NOT_AVAILABLE');
    expect((await run({ mode: 'lmx', source: 'print adapter("a.b")' })).json().error.code).toBe(
      'E_BRIDGE_MISSING',
    );
  });

  it('refuses anonymous callers and malformed bodies', async () => {
    const anonymous = await run({ mode: 'lmx', source: 'print 1' }, {});
    expect(anonymous.statusCode).toBe(401);
    const missing = await run({ source: 'print 1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('SERVER_VALIDATION');
    const extra = await run({ mode: 'lmx', source: 'print 1', limits: { timeMs: 60000 } });
    expect(extra.statusCode).toBe(400);
  });
});

describe('the script routes under load', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await serverWith({
      SVC_LMX_TIME_MS: '400',
      SVC_LMX_USER_CONCURRENCY: '1',
      SVC_LMX_RUNS_PER_MINUTE: '5',
    });
    cookie = (await signUp(server.app, `lmx-load-${Date.now()}@example.com`)).cookie;
  });
  afterAll(async () => server?.close());

  const run = (source: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/lmx/run',
      headers: { cookie },
      payload: { mode: 'lmx', source },
    });

  it('ends a run at the configured time bound and keeps serving other requests meanwhile', async () => {
    let finished = false;
    const slow = run(SLOW).then((response) => {
      finished = true;
      return response;
    });
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(finished).toBe(false);
    const response = await slow;
    expect(response.json().error).toMatchObject({
      code: 'E_LIMIT_TIME',
      message: 'the run took longer than 400 ms',
    });
  });

  it('allows one run at a time per user, then rate-limits', async () => {
    const [first, second] = await Promise.all([run(SLOW), run('print 1')]);
    expect(first.json().error.code).toBe('E_LIMIT_TIME');
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toMatchObject({ code: 'LMX_TOO_MANY_RUNS', details: { limit: 1 } });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) statuses.push((await run('print 1')).statusCode);
    expect(statuses).toContain(429);
  });
});

describe('the script routes settings', () => {
  it('reads the documented variables and refuses values out of range, naming the variable', () => {
    expect(readLmxOptions({})).toEqual({
      timeMs: 5000,
      poolSize: 2,
      userConcurrency: 2,
      runsPerMinute: 60,
      memoryMb: 64,
    });
    expect(readLmxOptions({ SVC_LMX_TIME_MS: '2500', SVC_LMX_POOL_SIZE: '0' })).toMatchObject({
      timeMs: 2500,
      poolSize: 0,
    });
    expect(() => readLmxOptions({ SVC_LMX_TIME_MS: '99' })).toThrow(
      /SVC_LMX_TIME_MS must be a whole number from 100 to 60000/,
    );
    expect(() => readLmxOptions({ SVC_LMX_MEMORY_MB: 'lots' })).toThrow(/SVC_LMX_MEMORY_MB/);
  });
});
