import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { defineCapability } from '../../capabilities/capability-types.js';
import { CapabilityError } from '../../errors/capability-error.js';
import { ADMIN, FIXTURE_ENV, logIn } from '../../testing/access-test-fixtures.js';
import { createMember, modelEnv } from '../../testing/dreamer-test-helpers.js';
import { type FakeModelServer, startFakeModelServer } from '../../testing/fake-model-server.js';
import { runScriptAs } from '../../testing/lmx-test-helpers.js';
import { testDatabaseTargets } from '../../testing/test-databases.js';
import { createTestServer, type TestServer } from '../../testing/test-server.js';
import { LMAI_WINDOW_MS } from './server-ai-bridge.js';
import { LMA_WINDOW_MS } from './server-tools-bridge.js';

// The time windows of the bridges in real time, through the real server: a real lma script
// past 30 s and a real lmai script past 60 s of wall time end with E_LIMIT_TIME naming the
// bridge's window. Slow by nature (about a minute, the two side by side): `*.slow.test.ts`, left
// out locally with SVC_SKIP_SLOW=1, always run in CI. The run's own bound (SVC_LMX_TIME_MS) is
// set to 90 s, past both windows, so what ends each run is the window and not the engine.
// SQLite only: the windows are the bridges' clocks, the same on either database.

/** Each call of this test-only tool waits this long, so the third lma call spans the 30 s mark. */
const WAIT_MS = 11_000;

const waitCapability = defineCapability<{ ms: number }, { waited: number }>({
  id: 'test-clock.wait',
  plane: 'adapter',
  title: 'Wait (test only)',
  description: 'Waits ms milliseconds, or until cancelled.',
  input: {
    type: 'object',
    required: ['ms'],
    additionalProperties: false,
    properties: { ms: { type: 'integer', minimum: 0, maximum: 60_000 } },
  },
  policy: { access: 'account' },
  async run({ ms }, { signal }) {
    try {
      await sleep(ms, undefined, { signal });
    } catch {
      throw signal.reason ?? new CapabilityError('CAP_ABORTED', 'The wait was cancelled.');
    }
    return { waited: ms };
  },
});

describe('the bridges’ time windows in real time', () => {
  let server: TestServer;
  let models: FakeModelServer;
  let adminCookie: string;

  beforeAll(async () => {
    const [sqlite] = testDatabaseTargets();
    if (!sqlite) throw new Error('no SQLite target');
    models = await startFakeModelServer();
    server = await createTestServer(
      sqlite,
      { ...FIXTURE_ENV, ...modelEnv(models), MODEL_STREAMING: 'false', SVC_LMX_TIME_MS: '90000' },
      { capabilities: [waitCapability] },
    );
    adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.close();
    await models?.close();
  });

  it.concurrent(`ends an lma run whose tool calls go past ${LMA_WINDOW_MS / 1000} s with E_LIMIT_TIME`, async ({
    expect,
  }) => {
    const member = await createMember(server.app, adminCookie);
    const source = `let n = 0\nwhile n < 4\n  USE test-clock.wait {"ms": ${WAIT_MS}} -> waited\n  n = n + 1\nend`;
    const result = await runScriptAs(server.app, member.cookie, { mode: 'lma', source });
    expect(result.body).toMatchObject({
      ok: false,
      error: { code: 'E_LIMIT_TIME', message: expect.stringContaining('tool calls for 30 s') },
    });
    // Two waits done, the third cut off at the 30 s mark, the fourth refused before it ran.
    expect(result.body.trace).toMatchObject([
      { tool: 'test-clock.wait', ok: true },
      { tool: 'test-clock.wait', ok: true },
      { tool: 'test-clock.wait', ok: false, code: 'CAP_TIMEOUT' },
    ]);
  }, 90_000);

  it.concurrent(`ends an lmai run whose model calls go past ${LMAI_WINDOW_MS / 1000} s with E_LIMIT_TIME`, async ({
    expect,
  }) => {
    const member = await createMember(server.app, adminCookie);
    // Every answer takes 25 s: the third ASK is still waiting when the 60 s end.
    models.setDefaultAnswer({ delayMs: 25_000 });
    const source = 'let n = 0\nwhile n < 4\n  ASK auto "slow question {{n}}" -> reply\n  n = n + 1\nend';
    const result = await runScriptAs(server.app, member.cookie, { mode: 'lmai', source });
    expect(result.body).toMatchObject({
      ok: false,
      error: { code: 'E_LIMIT_TIME', message: expect.stringContaining('model calls for 60 s') },
    });
    const asked = models.requests.filter((request) => JSON.stringify(request.body).includes('slow question'));
    expect(asked).toHaveLength(3);
  }, 100_000);
});
