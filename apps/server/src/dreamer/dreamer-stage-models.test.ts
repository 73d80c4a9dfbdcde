import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, FIXTURE_ENV, logIn, type SignedInUser } from '../testing/access-test-fixtures.js';
import {
  createDreamerTestServer,
  createMember,
  type DreamerTestServer,
} from '../testing/dreamer-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// stageModels values may be a plain model name; a run's usage says stub when no model ran.
const TWO_STAGES = {
  name: 'two',
  version: '1',
  stages: [
    { key: 'a', label: 'A', task: 'Say a about {{topic}}', outputFormat: 'text' },
    { key: 'b', label: 'B', task: 'Say b about {{topic}}', outputFormat: 'text' },
  ],
};

describe.each(testDatabaseTargets())('ideation model choices on $name', (target) => {
  let server: DreamerTestServer;
  let member: SignedInUser;
  beforeAll(async () => {
    server = await createDreamerTestServer(target, { MODEL_STREAMING: 'false' });
    member = await createMember(server.app, server.adminCookie, 'PRO');
  });
  afterAll(async () => server?.close());

  it('takes a plain model name for a stage, beside { provider, model }', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/dreamer/run',
      headers: { cookie: member.cookie },
      payload: {
        topic: 'tea',
        pipeline: TWO_STAGES,
        stageModels: { a: 'claude-test-1', b: { provider: 'openai', model: 'gpt-test-2' } },
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ models: Record<string, unknown>; usage: { stub: boolean } }>();
    expect(body.models).toMatchObject({
      a: { provider: 'anthropic', model: 'claude-test-1', source: 'stage-models' },
      b: { provider: 'openai', model: 'gpt-test-2', source: 'stage-models' },
    });
    expect(body.usage.stub).toBe(false);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/dreamer/run',
      headers: { cookie: member.cookie },
      payload: { topic: 'tea', pipeline: TWO_STAGES, stageModels: { a: '' } },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe.each(testDatabaseTargets())('ideation without a model provider on $name', (target) => {
  let server: TestServer;
  let member: SignedInUser;
  beforeAll(async () => {
    server = await createTestServer(target, { ...FIXTURE_ENV });
    member = await createMember(server.app, await logIn(server.app, ADMIN.email, ADMIN.password), 'PRO');
  });
  afterAll(async () => server?.close());

  it('says usage.stub once for the whole run when every stage ran on the stub', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/dreamer/run',
      headers: { cookie: member.cookie },
      payload: { topic: 'tea', pipeline: TWO_STAGES },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'done',
      usage: { stub: true, inputTokens: 0, outputTokens: 0 },
    });
  });
});
