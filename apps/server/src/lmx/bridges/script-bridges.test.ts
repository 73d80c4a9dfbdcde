import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, FIXTURE_ENV, logIn, type SignedInUser } from '../../testing/access-test-fixtures.js';
import {
  createDreamerTestServer,
  createMember,
  type DreamerTestServer,
  priceResource,
} from '../../testing/dreamer-test-helpers.js';
import { runScriptAs } from '../../testing/lmx-test-helpers.js';
import { testDatabaseTargets } from '../../testing/test-databases.js';
import { createTestServer, type TestServer } from '../../testing/test-server.js';

// The bridged modes through the real server (HTTP inject, real database, the fake model
// server on loopback speaking the OpenAI and Anthropic protocols) on every test database.

async function balanceOf(server: DreamerTestServer, user: SignedInUser): Promise<number> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/tokens/balance',
    headers: { cookie: user.cookie },
  });
  return response.json<{ balance: number }>().balance;
}

async function grantTokens(server: DreamerTestServer, user: SignedInUser, amount: number): Promise<void> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/tokens/grant',
    headers: { cookie: server.adminCookie },
    payload: { userId: user.id, amount, reason: 'test', idempotencyKey: `grant-${user.id}` },
  });
  if (response.statusCode !== 200) throw new Error(`grant failed: ${response.statusCode} ${response.body}`);
}

async function storeNote(server: DreamerTestServer, user: SignedInUser, title: string): Promise<void> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/db/notes',
    headers: { cookie: user.cookie },
    payload: { title, tag: 'shared-tag' },
  });
  if (response.statusCode !== 201) throw new Error(`store failed: ${response.statusCode} ${response.body}`);
}

describe.each(testDatabaseTargets())('the script bridges on $name', (target) => {
  let server: DreamerTestServer;
  let member: SignedInUser;
  let pro: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    server = await createDreamerTestServer(target, { MODEL_STREAMING: 'false' });
    member = await createMember(server.app, server.adminCookie);
    pro = await createMember(server.app, server.adminCookie, 'PRO');
    other = await createMember(server.app, server.adminCookie);
  });
  afterAll(async () => server?.close());

  const run = (user: SignedInUser, mode: string, source: string) =>
    runScriptAs(server.app, user.cookie, { mode, source });

  it('lists the bridged modes as available to a signed-in caller', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/lmx/interpreters',
      headers: { cookie: member.cookie },
    });
    const modes = response.json<{ interpreters: { id: string; available: boolean }[] }>().interpreters;
    for (const id of ['lma', 'lmi', 'lmq', 'lmai'])
      expect(modes.find((entry) => entry.id === id)).toMatchObject({ available: true });
  });

  it('gives no bridges to the lmx adapter, nor to a script run from inside a script', async () => {
    const viaAdapter = await server.app.inject({
      method: 'POST',
      url: '/api/adapters/lmx/run',
      headers: { cookie: server.adminCookie },
      payload: { mode: 'lmq', source: 'FROM notes SELECT count()' },
    });
    expect(viaAdapter.json()).toMatchObject({ result: { ok: false, error: { code: 'E_BRIDGE_MISSING' } } });
    const nested = await run(
      member,
      'lmx',
      'let inner = adapter("lmx.run", {"mode": "lmi", "source": "CAN intelligence"})\nprint inner.ok, inner.error.code',
    );
    expect(nested.body).toMatchObject({ ok: true, output: ['false E_BRIDGE_MISSING'] });
  });

  it('counts in INSTALL what resolves per caller too, so a caller never may use more than there is', async () => {
    // An admin may use every registered capability and every one resolved per caller (the
    // function dream, the automation actions): all of them are counted in `capabilities`.
    const source = 'INSTALL -> facts\nprint facts.usable > 0\nprint facts.capabilities >= facts.usable';
    for (const cookie of [member.cookie, server.adminCookie]) {
      const lmi = await runScriptAs(server.app, cookie, { mode: 'lmi', source });
      expect(lmi.body).toMatchObject({ ok: true, output: ['true', 'true'] });
    }
  });

  it('answers CAN intelligence no and refuses dream through lma alike for a member without the membership', async () => {
    const lmi = await run(member, 'lmi', 'CAN intelligence\nCAN dreamer.dream\nCAN activity-pages.listKinds');
    expect(lmi.body).toMatchObject({ ok: true, output: ['no', 'no', 'yes'] });
    const lma = await run(
      member,
      'lma',
      'USE dreamer.dream {"topic": "tea"} -> run\nprint run.error.code\nUSE dream {"topic": "tea"} -> byName\nprint byName.error.code\nUSE functions.dream {"topic": "tea"} -> viaFunction\nprint viaFunction.error.code',
    );
    expect(lma.body).toMatchObject({
      ok: true,
      output: ['GATE_MEMBERSHIP_REQUIRED', 'GATE_MEMBERSHIP_REQUIRED', 'GATE_MEMBERSHIP_REQUIRED'],
    });
    const mcpStyle = await run(member, 'lmx', 'print adapter("dreamer.dream", {"topic": "tea"})');
    expect(mcpStyle.body).toMatchObject({ ok: false, error: { code: 'E_BRIDGE_FAILED' } });
    expect((mcpStyle.body.error as { message: string }).message).toContain('GATE_MEMBERSHIP_REQUIRED');
    const grid = await run(
      member,
      'lmg',
      '{"cells":[{"id":"ideas","specialConfig":{"kind":"action:dream","code":"{topic: \\"tea\\"}"}}]}\nRUN',
    );
    expect(grid.body).toMatchObject({ ok: false, error: { code: 'E_BRIDGE_FAILED' } });
    expect((grid.body.error as { message: string }).message).toContain('GATE_MEMBERSHIP_REQUIRED');
    const granted = await run(pro, 'lmi', 'CAN intelligence\nCAN dreamer.dream');
    expect(granted.body).toMatchObject({ ok: true, output: ['yes', 'yes'] });
  });

  it('keeps another user’s rows out of lmq and LIST, and refuses reserved collections', async () => {
    await storeNote(server, member, 'mine');
    await storeNote(server, other, 'theirs');
    const lmq = await run(member, 'lmq', 'FROM notes SELECT title\nFROM notes SELECT count()');
    expect(lmq.body).toMatchObject({ ok: true });
    expect(JSON.stringify(lmq.body.output)).toContain('mine');
    expect(JSON.stringify(lmq.body.output)).not.toContain('theirs');
    const list = await run(
      member,
      'lmi',
      'LIST notes WHERE tag = shared-tag LIMIT 5 -> rows\nprint len(rows), rows[0].title',
    );
    expect(list.body).toMatchObject({ ok: true, output: ['1 mine'] });
    const admin = await runScriptAs(server.app, server.adminCookie, {
      mode: 'lmq',
      source: 'FROM notes SELECT count()',
    });
    expect(JSON.stringify(admin.body.output)).toContain('2');
    const denied = await run(member, 'lmq', 'FROM users SELECT count()');
    expect(denied.body).toMatchObject({ ok: false, error: { code: 'E_FORBIDDEN' } });
  });

  it('ends the 51st lma call with E_LIMIT_CALLS', async () => {
    const source = 'let n = 0\nwhile n < 51\n  USE activity-pages.listKinds {} -> kinds\n  n = n + 1\nend';
    const result = await run(member, 'lma', source);
    expect(result.body).toMatchObject({ ok: false, error: { code: 'E_LIMIT_CALLS' } });
    expect(result.body.trace as unknown[]).toHaveLength(50);
  });

  it('ends the 21st lmai call with E_LIMIT_CALLS', async () => {
    const source = 'let n = 0\nwhile n < 21\n  ASK auto "hello {{n}}" -> reply\n  n = n + 1\nend';
    const result = await run(other, 'lmai', source);
    expect(result.body).toMatchObject({ ok: false, error: { code: 'E_LIMIT_CALLS' } });
    expect(
      server.models.requests.filter((request) => request.protocol === 'openai').length,
    ).toBeGreaterThanOrEqual(20);
  });

  it('answers lmai through the configured provider with usage, and the stub on request', async () => {
    const result = await run(
      pro,
      'lmai',
      'ASK auto "Three names for a bakery" -> reply\nprint reply.model, reply.usage.stub\nASK stub "hi there" -> echo\nprint echo.text, echo.usage.stub, echo.usage.tokens',
    );
    expect(result.body).toMatchObject({
      ok: true,
      output: ['openai/gpt-test-1 false', '[stub] hi there true 0'],
      usage: { stub: false },
    });
    expect((result.body.usage as { tokens: number }).tokens).toBeGreaterThan(0);
  });

  it('charges lma uses on the meter, refunds a failed one, and TRACE names the provider', async () => {
    const payer = await createMember(server.app, server.adminCookie);
    await grantTokens(server, payer, 100);
    await priceResource(server.app, server.adminCookie, 'tool:llm.chat', 3);
    server.models.enqueue({ text: 'fine' }, { status: 500, errorBody: { error: { message: 'down' } } });
    const source = [
      'USE llm.chat {"messages": [{"role": "user", "content": "hi"}]} -> first',
      'USE llm.chat {"messages": [{"role": "user", "content": "again"}]} -> second',
      'print first.text, second.error.code',
      'TRACE',
    ].join('\n');
    const result = await run(payer, 'lma', source);
    expect(result.body).toMatchObject({ ok: true });
    const output = result.body.output as string[];
    expect(output[0]).toBe('fine CAP_UPSTREAM_FAILED');
    expect(output[1]).toMatch(/^1\. llm\.chat ok via openai in \d+ ms, charged 3$/);
    expect(output[2]).toMatch(/^2\. llm\.chat failed via openai in \d+ ms, charged 0$/);
    expect(result.body.trace).toMatchObject([
      { tool: 'llm.chat', ok: true, provider: 'openai', charged: 3 },
      { tool: 'llm.chat', ok: false, provider: 'openai', charged: 0, code: 'CAP_UPSTREAM_FAILED' },
    ]);
    expect(await balanceOf(server, payer)).toBe(97);
    // adapter() is unmetered, so it does not reach a priced capability: lma does, at its price.
    const refused = await run(
      payer,
      'lmx',
      'print adapter("llm.chat", {"messages": [{"role": "user", "content": "x"}]}).provider',
    );
    expect(refused.body).toMatchObject({ ok: false, error: { code: 'E_FORBIDDEN' } });
    expect((refused.body.error as { message: string }).message).toMatch(
      /^CAP_PRICED: llm\.chat is priced .*lma/,
    );
    expect(await balanceOf(server, payer)).toBe(97);
    // A grid's action cell runs through the same bridge, charged like USE.
    const cell = await run(
      payer,
      'lmg',
      '{"cells":[{"id":"reply","specialConfig":{"kind":"action:llm.chat","code":"{messages: [{role: \\"user\\", content: \\"hi\\"}]}"}},{"id":"text","code":"reply.text"}]}\nCELL text',
    );
    expect(cell.body).toMatchObject({
      ok: true,
      output: ['text = [gpt-test-1] hi'],
    });
    expect(await balanceOf(server, payer)).toBe(94);
  });

  it('discovers, describes and names providers', async () => {
    const result = await run(
      pro,
      'lma',
      'DISCOVER puzzle page -> hits\nprint hits[0].id\nDESCRIBE llm.chat -> about\nprint about.plane, about.policy.meter',
    );
    expect(result.body).toMatchObject({
      ok: true,
      output: ['activity-pages.generatePage', 'capability tool:llm.chat'],
    });
    const providers = await run(
      pro,
      'lmi',
      'PROVIDERS FOR llm.chat -> found\nprint map(found, fn(p) return p.provider end)',
    );
    expect(providers.body).toMatchObject({ ok: true, output: ['["openai", "anthropic", "stub"]'] });
  });
});

describe.each(testDatabaseTargets())('lmai without a model provider on $name', (target) => {
  let server: TestServer;
  let member: SignedInUser;
  beforeAll(async () => {
    server = await createTestServer(target, { ...FIXTURE_ENV });
    member = await createMember(server.app, await logIn(server.app, ADMIN.email, ADMIN.password));
  });
  afterAll(async () => server?.close());

  it('falls back to the echo stub for auto, and the run’s usage says stub', async () => {
    const source =
      'ASK auto "Three names for a bakery" -> names\nif names.usage.stub\n  print "no model here:", names.text\nend';
    const result = await runScriptAs(server.app, member.cookie, { mode: 'lmai', source });
    expect(result.body).toMatchObject({
      ok: true,
      output: ['no model here: [stub] Three names for a bakery'],
      usage: { stub: true, tokens: 0 },
    });
    const providers = await runScriptAs(server.app, member.cookie, {
      mode: 'lmi',
      source: 'PROVIDERS FOR llm.chat',
    });
    expect(providers.body.output).toEqual([expect.stringContaining('"stub"')]);
  });
});
