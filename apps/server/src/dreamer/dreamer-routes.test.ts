import { DEFAULT_PIPELINE, type RunResult } from '@svc/dreamer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRoles } from '../testing/access-test-fixtures.js';
import {
  createDreamerTestServer,
  createMember,
  type DreamerTestServer,
  priceResource,
  readRun,
} from '../testing/dreamer-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { readWalletTotals } from '../testing/token-test-fixtures.js';

const STAGES = ['idea', 'expansion', 'feasibility', 'selection', 'scaffold', 'notes'];

describe.each(testDatabaseTargets())('the dreamer routes on $name', (target) => {
  let server: DreamerTestServer;
  beforeAll(async () => {
    server = await createDreamerTestServer(target, { MODEL_STREAMING: 'false' });
  });
  afterAll(async () => server?.close());

  const run = (cookie: string | undefined, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/dreamer/run',
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });

  it('serves the default pipeline and validates definitions for anyone', async () => {
    const pipeline = await server.app.inject({ method: 'GET', url: '/api/dreamer/pipeline' });
    expect(pipeline.statusCode).toBe(200);
    expect(pipeline.json()).toEqual(JSON.parse(JSON.stringify(DEFAULT_PIPELINE)));
    const valid = await server.app.inject({
      method: 'POST',
      url: '/api/dreamer/pipeline/validate',
      payload: { pipeline: DEFAULT_PIPELINE, inputValues: { topic: 'tea' } },
    });
    expect(valid.json()).toEqual({ ok: true, errors: [] });
    const bare = await server.app.inject({
      method: 'POST',
      url: '/api/dreamer/pipeline/validate',
      payload: {
        name: 'p',
        version: '1',
        stages: [
          { key: 'a', label: 'A', task: 't', outputFormat: 'text', priorOutputs: ['b'] },
          { key: 'a', label: 'B', task: '{{input.who}}', outputFormat: 'text', priorOutputs: ['a'] },
        ],
      },
    });
    expect(bare.json().ok).toBe(false);
    expect(bare.json().errors).toEqual([
      expect.objectContaining({ code: 'DREAM_UNKNOWN_PRIOR', path: '/stages/0/priorOutputs/0' }),
      expect.objectContaining({ code: 'DREAM_DUPLICATE_KEY', path: '/stages/1/key' }),
      expect.objectContaining({ code: 'DREAM_SELF_REFERENCE', path: '/stages/1/priorOutputs/0' }),
      expect.objectContaining({ code: 'DREAM_UNDECLARED_INPUT', path: '/stages/1/task' }),
    ]);
  });

  it('lists the configured providers and what auto picks, to signed-in callers only', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/dreamer/models' })).statusCode).toBe(401);
    const member = await createMember(server.app, server.adminCookie);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/dreamer/models',
      headers: { cookie: member.cookie },
    });
    expect(response.json()).toEqual({
      providers: [
        { provider: 'openai', models: ['gpt-test-1', 'gpt-test-2'] },
        { provider: 'anthropic', models: ['claude-test-1'] },
      ],
      auto: { provider: 'openai', model: 'gpt-test-1', source: 'auto' },
    });
    expect(response.body).not.toContain('never-logged');
  });

  it('refuses anonymous callers and members without the intelligence feature', async () => {
    expect((await run(undefined, { topic: 'tea' })).json().error.code).toBe('GATE_UNAUTHENTICATED');
    const starter = await createMember(server.app, server.adminCookie, 'STARTER');
    await setRoles(server.app, starter.id, ['member', 'developer']);
    const refused = await run(starter.cookie, { topic: 'tea' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'GATE_MEMBERSHIP_REQUIRED',
      details: { feature: 'intelligence' },
    });
  });

  it('runs six stages through the configured provider and keeps a readable record', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    const before = server.models.requests.length;
    const response = await run(member.cookie, { topic: 'tools for beekeepers', mode: 'wild' });
    expect(response.statusCode).toBe(200);
    const result = response.json<RunResult>();
    expect(result.steps.map((step) => step.key)).toEqual(STAGES);
    // The response schema keeps each step's duration (the test server's clock stands still).
    expect(result.steps.map((step) => step.durationMs)).toEqual(STAGES.map(() => 0));
    const calls = server.models.requests.slice(before);
    expect(calls.map((call) => [call.protocol, call.body.model])).toEqual(
      STAGES.map(() => ['openai', 'gpt-test-1']),
    );
    expect(JSON.stringify(calls[0]?.body.messages)).toContain('Mode: wild');
    expect(result.outputs.idea).toContain('[gpt-test-1]');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    const record = await readRun(server.app, member.cookie, result.runId);
    expect(record).toMatchObject({
      id: result.runId,
      owner: member.id,
      visibility: 'private',
      status: 'done',
      topic: 'tools for beekeepers',
      outputs: result.outputs,
      usage: result.usage,
      models: result.models,
      settings: { mode: 'wild', depth: 'standard' },
      runner: server.config.instanceId,
    });
    const other = await createMember(server.app, server.adminCookie, 'PRO');
    const hidden = await server.app.inject({
      method: 'GET',
      url: `/db/dreamer_runs/${result.runId}`,
      headers: { cookie: other.cookie },
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('lets owners read and delete run records but never write them through /db', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    const { runId } = (await run(member.cookie, { topic: 'tea' })).json<RunResult>();
    const headers = { cookie: member.cookie };
    const patch = await server.app.inject({
      method: 'PATCH',
      url: `/db/dreamer_runs/${runId}`,
      headers,
      payload: { status: 'running' },
    });
    expect(patch.statusCode).toBe(403);
    const forged = await server.app.inject({
      method: 'POST',
      url: '/db/dreamer_runs',
      headers,
      payload: { status: 'error', steps: [] },
    });
    expect(forged.statusCode).toBe(403);
    const clone = await server.app.inject({
      method: 'POST',
      url: `/db/dreamer_runs/${runId}/clone`,
      headers,
    });
    expect(clone.statusCode).toBe(403);
    const listed = await server.app.inject({ method: 'GET', url: '/db/dreamer_runs', headers });
    expect(listed.json().items.map((item: { id: string }) => item.id)).toEqual([runId]);
    const removed = await server.app.inject({ method: 'DELETE', url: `/db/dreamer_runs/${runId}`, headers });
    expect(removed.statusCode).toBe(204);
  });

  it('resolves models per stage: stageModels, then the stage, then the run, then auto', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    const pipeline = {
      name: 'mix',
      version: '1',
      stages: [
        { key: 'a', label: 'A', task: 'a about {{input.topic}}', outputFormat: 'text' },
        { key: 'b', label: 'B', task: 'b', outputFormat: 'text', provider: 'anthropic', priorOutputs: ['a'] },
        { key: 'c', label: 'C', task: 'c', outputFormat: 'text', model: 'gpt-test-2' },
        { key: 'd', label: 'D', task: 'd', outputFormat: 'text' },
      ],
      inputs: [{ name: 'topic', required: true }],
    };
    const response = await run(member.cookie, {
      topic: 'kites',
      pipeline,
      model: 'gpt-test-2',
      stageModels: { c: { provider: 'anthropic', model: 'claude-test-1' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<RunResult>().models).toEqual({
      a: { provider: 'openai', model: 'gpt-test-2', source: 'run' },
      b: { provider: 'anthropic', model: 'claude-test-1', source: 'stage' },
      c: { provider: 'anthropic', model: 'claude-test-1', source: 'stage-models' },
      d: { provider: 'openai', model: 'gpt-test-2', source: 'run' },
    });
    const last4 = server.models.requests.slice(-4);
    expect(last4.map((call) => call.protocol)).toEqual(['openai', 'anthropic', 'anthropic', 'openai']);
    expect(JSON.stringify(last4[1]?.body.messages)).toContain('[gpt-test-2] a about kites');
  });

  it('refuses bad arguments and invalid pipelines with pointers, storing nothing', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    const schemaRefusal = await run(member.cookie, { topic: 'tea', depth: 'bottomless' });
    expect(schemaRefusal.statusCode).toBe(400);
    const noTopic = await run(member.cookie, { mode: 'wild' });
    expect(noTopic.json().error).toMatchObject({
      code: 'DREAM_INVALID_ARGUMENTS',
      details: { issues: [{ path: '/topic', message: expect.any(String) }] },
    });
    const invalid = await run(member.cookie, {
      topic: 'tea',
      pipeline: {
        name: 'p',
        version: '1',
        stages: [{ key: 'a', label: 'A', task: 't', outputFormat: 'xml' }],
      },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'DREAM_INVALID_PIPELINE',
      details: { errors: [{ code: 'DREAM_BAD_TYPE', path: '/stages/0/outputFormat' }] },
    });
    const listed = await server.app.inject({
      method: 'GET',
      url: '/db/dreamer_runs',
      headers: { cookie: member.cookie },
    });
    expect(listed.json().items).toEqual([]);
  });

  it('charges feature:dreamer.run per run, refunds a run the provider failed and never charges a malformed request', async () => {
    await priceResource(server.app, server.adminCookie, 'feature:dreamer.run', 7);
    try {
      const member = await createMember(server.app, server.adminCookie, 'PRO');
      const short = await run(member.cookie, { topic: 'tea' });
      expect(short.statusCode).toBe(402);
      expect(short.json().error.code).toBe('GATE_INSUFFICIENT_BALANCE');
      await server.app.inject({
        method: 'POST',
        url: '/tokens/grant',
        headers: { cookie: server.adminCookie },
        payload: { userId: member.id, amount: 10, reason: 'test' },
      });
      expect((await run(member.cookie, { topic: 'tea' })).statusCode).toBe(200);
      expect((await readWalletTotals(server.app, member.id)).balance).toBe(3);
      const badPipeline = await run(member.cookie, {
        topic: 'tea',
        pipeline: { name: 'p', version: '1', stages: [] },
      });
      expect(badPipeline.json().error.code).toBe('DREAM_INVALID_PIPELINE');
      const badArguments = await run(member.cookie, { mode: 'wild' });
      expect(badArguments.json().error.code).toBe('DREAM_INVALID_ARGUMENTS');
      expect((await readWalletTotals(server.app, member.id)).balance).toBe(3);
      await server.app.database.db.deleteFrom('documents').where('collection', '=', 'meter_rules').execute();
      await priceResource(server.app, server.adminCookie, 'feature:dreamer.run', 3);
      server.models.enqueue({ status: 401, errorBody: { error: { message: 'Incorrect API key provided' } } });
      const failed = await run(member.cookie, { topic: 'tea' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.code).toBe('DREAM_PROVIDER_FAILED');
      expect(failed.json().error.message).not.toContain('sk-test-openai-key');
      expect((await readWalletTotals(server.app, member.id)).balance).toBe(3);
    } finally {
      await server.app.database.db.deleteFrom('documents').where('collection', '=', 'meter_rules').execute();
    }
  });

  it('resumes a failed run from its last completed stage without calling the model for it again', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    server.models.enqueue({ text: 'idea text' }, { text: 'expansion text' }, { status: 400 });
    const failed = await run(member.cookie, { topic: 'gardens', depth: 'deep' });
    expect(failed.json().error).toMatchObject({ code: 'DREAM_PROVIDER_FAILED' });
    const runs = await server.app.inject({
      method: 'GET',
      url: '/db/dreamer_runs',
      headers: { cookie: member.cookie },
    });
    const [record] = runs.json().items;
    expect(record).toMatchObject({ status: 'error', error: { stage: 'feasibility' } });
    expect(Object.keys(record.outputs)).toEqual(['idea', 'expansion']);
    const before = server.models.requests.length;
    const resumed = await run(member.cookie, { resumeFrom: record.id, model: 'claude-test-1' });
    expect(resumed.statusCode).toBe(200);
    const calls = server.models.requests.slice(before);
    expect(calls).toHaveLength(4);
    expect(calls.every((call) => call.protocol === 'anthropic')).toBe(true);
    expect(JSON.stringify(calls[0]?.body)).toContain('Depth: deep');
    expect(resumed.json<RunResult>().outputs).toMatchObject({
      idea: 'idea text',
      expansion: 'expansion text',
    });
    expect(await readRun(server.app, member.cookie, record.id)).toMatchObject({ status: 'done', resumes: 1 });
    const again = await run(member.cookie, { resumeFrom: record.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DREAM_RUN_NOT_RESUMABLE');
    const other = await createMember(server.app, server.adminCookie, 'PRO');
    expect((await run(other.cookie, { resumeFrom: record.id })).statusCode).toBe(404);
  });

  it('retries a 503 from the provider and times out a stage that answers too slowly', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    const pipeline = {
      name: 'slow',
      version: '1',
      stages: [
        { key: 'flaky', label: 'Flaky', task: 'x', outputFormat: 'text', retries: 1 },
        { key: 'slow', label: 'Slow', task: 'y', outputFormat: 'text', timeoutMs: 300, retries: 0 },
      ],
    };
    server.models.enqueue({ status: 503 }, { text: 'second try' }, { delayMs: 30_000 });
    const before = server.models.requests.length;
    const response = await run(member.cookie, { topic: 'tea', pipeline });
    expect(response.statusCode).toBe(504);
    expect(response.json().error).toMatchObject({ code: 'DREAM_TIMEOUT' });
    const [, , slow] = await server.models.waitForRequests(before + 3).then((all) => all.slice(before));
    await slow?.finished;
    expect(slow?.closedByClient).toBe(true);
    const listed = await server.app.inject({
      method: 'GET',
      url: '/db/dreamer_runs',
      headers: { cookie: member.cookie },
    });
    const [record] = listed.json().items;
    expect(record).toMatchObject({ status: 'error', error: { code: 'DREAM_TIMEOUT', stage: 'slow' } });
    expect(record.steps[0]).toMatchObject({ key: 'flaky', text: 'second try', attempts: 2 });
  });

  it('reaches the same run through the dreamer.dream adapter function', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    await setRoles(server.app, member.id, ['member', 'developer']);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/adapters/dreamer/dream',
      headers: { cookie: member.cookie },
      payload: { topic: 'bicycles' },
    });
    expect(response.statusCode).toBe(200);
    const { result } = response.json<{ result: RunResult }>();
    expect(result.steps.map((step) => step.key)).toEqual(STAGES);
    expect(await readRun(server.app, member.cookie, result.runId)).toMatchObject({ status: 'done' });
    const starter = await createMember(server.app, server.adminCookie, 'STARTER');
    await setRoles(server.app, starter.id, ['member', 'developer']);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/adapters/dreamer/dream',
      headers: { cookie: starter.cookie },
      payload: { topic: 'bicycles' },
    });
    expect(refused.json().error.code).toBe('GATE_MEMBERSHIP_REQUIRED');
  });

  it('limits runs in flight per user, refusing the extra one without charging it', async () => {
    const member = await createMember(server.app, server.adminCookie, 'PRO');
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    server.models.enqueue({ hang: true }, { hang: true }, { hang: true });
    const before = server.models.requests.length;
    const clients = [1, 2, 3].map(() => new AbortController());
    const pending = clients.map((client) =>
      fetch(`${base}/api/dreamer/run`, {
        method: 'POST',
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ topic: 'slow', pipeline: oneStage() }),
        signal: client.signal,
      }).catch((error: unknown) => error),
    );
    await server.models.waitForRequests(before + 3);
    // Priced now, with an empty wallet: a 402 would mean the charge came before the slot check.
    await priceResource(server.app, server.adminCookie, 'feature:dreamer.run', 5);
    const fourth = await run(member.cookie, { topic: 'slow' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({ code: 'CAP_TOO_MANY_CONCURRENT', details: { limit: 3 } });
    await server.app.database.db.deleteFrom('documents').where('collection', '=', 'meter_rules').execute();
    // Hanging up aborts the three runs: their records end aborted and their slots free up.
    for (const client of clients) client.abort();
    await Promise.all(pending);
    await expect
      .poll(async () => statusesOf(member.cookie), { timeout: 10_000 })
      .toEqual(['aborted', 'aborted', 'aborted']);
    expect((await run(member.cookie, { topic: 'quick' })).statusCode).toBe(200);
  });

  async function statusesOf(cookie: string): Promise<string[]> {
    const listed = await server.app.inject({ method: 'GET', url: '/db/dreamer_runs', headers: { cookie } });
    return listed.json().items.map((item: { status: string }) => item.status);
  }
});

function oneStage() {
  return {
    name: 'one',
    version: '1',
    stages: [{ key: 'only', label: 'Only', task: 'x', outputFormat: 'text' }],
  };
}
