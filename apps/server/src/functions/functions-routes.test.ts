import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../testing/access-test-fixtures.js';
import { readDocExample } from '../testing/doc-examples.js';
import {
  createDreamerTestServer,
  createMember,
  type DreamerTestServer,
  priceResource,
  readRun,
} from '../testing/dreamer-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { grantTokens, readWalletTotals } from '../testing/token-test-fixtures.js';

describe.each(testDatabaseTargets())('stored function-calls on $name', (target) => {
  let server: DreamerTestServer;
  let pro: SignedInUser;
  let plain: SignedInUser;

  const store = (user: SignedInUser, document: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: '/db/function_calls',
      headers: { cookie: user.cookie },
      payload: document,
    });
  const call = (user: SignedInUser, name: string, args: unknown): Promise<LightMyRequestResponse> =>
    server.app.inject({
      method: 'POST',
      url: `/api/functions/${name}/call`,
      headers: { cookie: user.cookie },
      payload: args as Record<string, unknown>,
    });
  const listFunctions = async (user: SignedInUser) =>
    (
      await server.app.inject({ method: 'GET', url: '/api/functions', headers: { cookie: user.cookie } })
    ).json().functions as Array<{
      name: string;
      id: string;
      builtIn: boolean;
      problems: string[];
      parameters: unknown;
    }>;

  beforeAll(async () => {
    server = await createDreamerTestServer(target);
    pro = await createMember(server.app, server.adminCookie, 'PRO');
    plain = await createMember(server.app, server.adminCookie);
  });
  afterAll(async () => server?.close());

  it('calls the built-in dream (action:dream) and answers the finished run as one JSON document', async () => {
    const functions = await listFunctions(pro);
    const dream = functions.find((entry) => entry.name === 'dream');
    const capabilities = (
      await server.app.inject({ method: 'GET', url: '/api/capabilities', headers: { cookie: pro.cookie } })
    ).json().capabilities as Array<{ id: string; plane: string; input: unknown }>;
    const dreamer = capabilities.find((entry) => entry.id === 'dreamer.dream');
    expect(dream).toMatchObject({ builtIn: true, id: 'functions.dream', problems: [] });
    // The executor's schema, not a copy that could drift.
    expect(dream?.parameters).toEqual(dreamer?.input);
    expect(capabilities.find((entry) => entry.id === 'functions.dream')?.plane).toBe('function');

    const response = await call(pro, 'dream', { topic: 'tools for beekeepers' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const run = response.json().result as { runId: string; status: string; steps: unknown[] };
    expect(run.status).toBe('done');
    expect(run.steps.length).toBeGreaterThan(0);
    expect((await readRun(server.app, pro.cookie, run.runId)).status).toBe('done');
  });

  it('refuses dream to a member without the intelligence membership and does not offer it', async () => {
    expect((await listFunctions(plain)).some((entry) => entry.name === 'dream')).toBe(true);
    const openai = (
      await server.app.inject({
        method: 'GET',
        url: '/api/capabilities?format=openai',
        headers: { cookie: plain.cookie },
      })
    ).json().tools as Array<{ function: { name: string } }>;
    expect(openai.some((tool) => tool.function.name === 'functions_dream')).toBe(false);
    const refused = await call(plain, 'dream', { topic: 'tea' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('GATE_MEMBERSHIP_REQUIRED');
  });

  it('validates a stored function without coercion, charges its executor and lists it for a model', async () => {
    const stored = await store(pro, {
      name: 'checkPipeline',
      description: 'Checks a pipeline definition.',
      parameters: {
        type: 'object',
        required: ['pipeline'],
        additionalProperties: false,
        properties: { pipeline: { type: 'object' }, retries: { type: 'integer' } },
      },
      executor: 'action:dreamer.validatePipeline',
    });
    expect(stored.statusCode).toBe(201);
    const anthropic = (
      await server.app.inject({
        method: 'GET',
        url: '/api/capabilities?format=anthropic',
        headers: { cookie: pro.cookie },
      })
    ).json().tools as Array<{ name: string; input_schema: { required: string[] } }>;
    expect(anthropic.find((tool) => tool.name === 'functions_checkPipeline')?.input_schema.required).toEqual([
      'pipeline',
    ]);
    // Another user never sees it.
    expect((await listFunctions(plain)).some((entry) => entry.name === 'checkPipeline')).toBe(false);
    expect((await call(plain, 'checkPipeline', { pipeline: {} })).statusCode).toBe(404);

    const coerced = await call(pro, 'checkPipeline', { pipeline: {}, retries: '2' });
    expect(coerced.statusCode).toBe(400);
    expect(coerced.json().error.code).toBe('CAP_INVALID_ARGS');
    expect(coerced.json().error.message).toMatch(
      /^Bad arguments for functions\.checkPipeline: \/retries must be integer/,
    );

    await priceResource(server.app, server.adminCookie, 'tool:dreamer.validatePipeline', 2);
    await grantTokens(server.app, server.adminCookie, pro.id, 5);
    const before = (await readWalletTotals(server.app, pro.id)).balance;
    const checked = await call(pro, 'checkPipeline', { pipeline: {} });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().result.ok).toBe(false);
    expect((await readWalletTotals(server.app, pro.id)).balance).toBe(before - 2);
  });

  it('runs a script executor through lmx.run with the arguments as input', async () => {
    expect(
      (
        await store(pro, {
          name: 'double',
          description: 'Doubles n.',
          parameters: { type: 'object', required: ['n'], properties: { n: { type: 'number' } } },
          executor: 'script:lmx',
          source: 'print input.n * 2',
        })
      ).statusCode,
    ).toBe(201);
    const response = await call(pro, 'double', { n: 21 });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ ok: true, output: ['42'] });
  });

  it('lists a broken document with its problems and refuses to call it', async () => {
    await store(pro, {
      name: 'broken',
      description: 'x',
      parameters: { type: 'string' },
      executor: 'action:nope.nothing',
    });
    const broken = (await listFunctions(pro)).find((entry) => entry.name === 'broken');
    expect(broken?.problems).toEqual(['parameters must have type "object".']);
    const refused = await call(pro, 'broken', {});
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.details.problems).toEqual(broken?.problems);
    await store(pro, {
      name: 'ghost',
      description: 'x',
      parameters: { type: 'object' },
      executor: 'action:nope.nothing',
    });
    const ghost = (await listFunctions(pro)).find((entry) => entry.name === 'ghost');
    expect(ghost?.problems[0]).toMatch(/no such capability/);
  });

  it('runs the example of docs/functions.md as written', async () => {
    const document = JSON.parse(readDocExample('functions.md', 'function-document'));
    expect((await store(pro, document)).statusCode).toBe(201);
    const response = await call(
      pro,
      document.name,
      JSON.parse(readDocExample('functions.md', 'function-call')),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(JSON.parse(readDocExample('functions.md', 'function-result')));
  });
});
