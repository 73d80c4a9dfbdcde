import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKey, type SignedInUser, signUpWithRoles } from '../testing/access-test-fixtures.js';
import {
  createDreamerTestServer,
  type DreamerTestServer,
  priceResource,
} from '../testing/dreamer-test-helpers.js';
import { listenOnLoopback } from '../testing/healthz-probe.js';
import { connectMcpClient } from '../testing/mcp-test-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { grantTokens } from '../testing/token-test-fixtures.js';

// Issue 21, item 11: no chain of surfaces reaches a priced capability without its price. A
// developer at 0 tokens walks every chain and is refused (402 or the typed error); with tokens,
// each chain is charged exactly what the table in docs/gate/metering.md says, exactly once.
// Real server, real HTTP on loopback (the official MCP client for /mcp), on every database.

const PRICES = {
  'tool:lmx.run': 2,
  'tool:pdf.render': 5,
  'tool:llm.chat': 3,
  'tool:activity-pages.generatePage': 1,
  'tool:activity-pages.listKinds': 1,
  'tool:dreamer.dream': 4,
} as const;

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  body: Json;
}

interface RunBody {
  ok: boolean;
  output: string[];
  error?: { code: string; message: string };
}

/** The script result an answer of `POST /api/lmx/run` carries. */
const bodyOf = (answer: Answer | undefined): RunBody =>
  (answer?.body ?? { ok: false, output: [] }) as unknown as RunBody;

describe.each(testDatabaseTargets())('metering chains on $name', (target) => {
  let server: DreamerTestServer;
  let base = '';
  let developer: SignedInUser;
  let mcp: Client;

  async function call(method: string, path: string, body?: unknown, user = developer): Promise<Answer> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: user.cookie,
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
  }

  const runScript = (mode: string, source: string) => call('POST', '/api/lmx/run', { mode, source });

  /** The developer's ledger entries as `[reason, amount]`, oldest first. */
  async function ledger(): Promise<[string, number][]> {
    const rows = await server.database.db
      .selectFrom('wallet_ledger')
      .select(['reason', 'amount'])
      .where('user_id', '=', developer.id)
      .orderBy('id')
      .execute();
    return rows.map((row) => [row.reason, Number(row.amount)]);
  }

  /** The meter entries `work` added to the developer's ledger (grants left out). */
  async function chargesOf(work: () => Promise<unknown>): Promise<[string, number][]> {
    const before = (await ledger()).length;
    await work();
    return (await ledger()).slice(before).filter(([reason]) => !reason.startsWith('test'));
  }

  async function balance(): Promise<number> {
    const answer = await call('GET', '/tokens/balance');
    return answer.body.balance as number;
  }

  /** Tops the developer up to exactly `amount` tokens (from 0). */
  async function topUpTo(amount: number): Promise<void> {
    const missing = amount - (await balance());
    if (missing < 0) throw new Error(`the balance is already above ${amount}`);
    if (missing > 0) await grantTokens(server.app, server.adminCookie, developer.id, missing);
  }

  async function storeDocument(collection: string, body: Json): Promise<string> {
    const answer = await call('POST', `/db/${collection}`, body);
    if (answer.status !== 201)
      throw new Error(`store failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.id as string;
  }

  beforeAll(async () => {
    server = await createDreamerTestServer(target, { MODEL_STREAMING: 'false' });
    base = await listenOnLoopback(server.app);
    developer = await signUpWithRoles(server.app, `developer-${target.name}@example.com`, ['developer']);
    const membership = await server.app.inject({
      method: 'POST',
      url: '/membership/grant',
      headers: { cookie: server.adminCookie },
      payload: { userId: developer.id, plan: 'PRO' },
    });
    if (membership.statusCode !== 200) throw new Error(`grant failed: ${membership.body}`);
    for (const [resource, cost] of Object.entries(PRICES)) {
      await priceResource(server.app, server.adminCookie, resource, cost);
    }
    await storeDocument('function_calls', {
      name: 'hello',
      description: 'Prints hello.',
      parameters: { type: 'object' },
      executor: 'script:lmx',
      source: 'print "hello"',
    });
    await storeDocument('function_calls', {
      name: 'kinds',
      description: 'The puzzle kinds.',
      parameters: { type: 'object' },
      executor: 'action:activity-pages.listKinds',
    });
    const { key } = await createKey(server.app, developer);
    mcp = await connectMcpClient(base, key);
  }, 120_000);
  afterAll(async () => {
    await mcp?.close();
    await server?.close();
  });

  it('refuses every chain to a priced capability at 0 tokens', async () => {
    expect(await balance()).toBe(0);
    const charges = await chargesOf(async () => {
      const viaMcp = (await mcp.callTool({
        name: 'lmx.run',
        arguments: { mode: 'lmx', source: 'print 1' },
      })) as { isError?: boolean; content: { text: string }[] };
      expect(viaMcp.isError).toBe(true);
      expect(viaMcp.content[0]?.text).toContain('GATE_INSUFFICIENT_BALANCE');

      // The script route charges tool:lmx.run like MCP.
      const viaRoute = await runScript('lmx', 'print adapter("pdf.render", {"html": "<p>x</p>"})');
      expect([viaRoute.status, (viaRoute.body.error as Json).code]).toEqual([
        402,
        'GATE_INSUFFICIENT_BALANCE',
      ]);

      const viaFunction = await call('POST', '/api/functions/hello/call', {});
      expect([viaFunction.status, (viaFunction.body.error as Json).code]).toEqual([
        402,
        'GATE_INSUFFICIENT_BALANCE',
      ]);
      const viaAction = await call('POST', '/api/functions/kinds/call', {});
      expect(viaAction.status).toBe(402);

      // Generating an account-only kind on the area route is charged like the adapter route.
      const math = await call('POST', '/api/activity/pages/generate', { kind: 'math', seed: 1 });
      expect([math.status, (math.body.error as Json).code]).toEqual([402, 'GATE_INSUFFICIENT_BALANCE']);
      const viaAdapterRoute = await call('POST', '/api/adapters/activity-pages/listKinds', {});
      expect(viaAdapterRoute.status).toBe(402);

      const dream = await call('POST', '/api/dreamer/run', { topic: 'tea' });
      expect([dream.status, (dream.body.error as Json).code]).toEqual([402, 'GATE_INSUFFICIENT_BALANCE']);
    });
    expect(charges).toEqual([]);
    expect(await balance()).toBe(0);
  }, 60_000);

  it('keeps what the seed opens to anonymous callers free on the area routes, for everyone', async () => {
    expect(await balance()).toBe(0);
    const charges = await chargesOf(async () => {
      const maze = await call('POST', '/api/activity/pages/generate', { kind: 'maze', seed: 7 });
      expect(maze.status).toBe(200);
      const kinds = await call('GET', '/api/activity/kinds');
      expect(kinds.status).toBe(200);
      const page = (maze.body.page as Json) ?? {};
      const print = await fetch(`${base}/api/activity/pages/print`, {
        method: 'POST',
        headers: { cookie: developer.cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'maze', doc: page.doc, trim: 'A4' }),
      });
      expect(print.status).toBe(200);
    });
    expect(charges).toEqual([]);
  }, 60_000);

  it('charges the script route tool:lmx.run once, and adapter() reaches no priced capability', async () => {
    await topUpTo(2);
    let run: Answer | undefined;
    const charges = await chargesOf(async () => {
      run = await runScript('lmx', 'print adapter("pdf.render", {"html": "<p>x</p>"})');
    });
    expect(run?.status).toBe(200);
    const body = bodyOf(run);
    expect(body.error?.code).toBe('E_FORBIDDEN');
    expect(body.error?.message).toMatch(/CAP_PRICED: pdf\.render is priced .*lma/);
    expect(charges).toEqual([['meter:tool:lmx.run', -2]]);

    // Forty adapter() calls of a priced listKinds: the first is refused, nothing else is charged.
    await topUpTo(2);
    const forty = await chargesOf(async () => {
      run = await runScript(
        'lmx',
        'let n = 0\nfor i in range(40)\n  adapter("activity-pages.listKinds", {})\n  n = n + 1\nend\nprint n',
      );
    });
    expect(bodyOf(run).error?.code).toBe('E_FORBIDDEN');
    expect(bodyOf(run).output).toEqual([]);
    expect(forty).toEqual([['meter:tool:lmx.run', -2]]);

    // Nor through a nested run, a function or a function delegating to a priced action.
    await topUpTo(2);
    const nested = await chargesOf(async () => {
      run = await runScript('lmx', 'print adapter("lmx.run", {"mode": "lmx", "source": "print 1"})');
      expect(bodyOf(run).error?.message).toMatch(/CAP_PRICED: lmx\.run/);
    });
    expect(nested).toEqual([['meter:tool:lmx.run', -2]]);
    await topUpTo(2);
    const delegated = await chargesOf(async () => {
      run = await runScript('lmx', 'print adapter("functions.kinds", {})');
      expect(bodyOf(run).error?.message).toMatch(/CAP_PRICED: activity-pages\.listKinds/);
    });
    expect(delegated).toEqual([['meter:tool:lmx.run', -2]]);
    expect(await balance()).toBe(0);
  }, 60_000);

  it('lets adapter() reach a capability priced at 0, unmetered', async () => {
    await topUpTo(2);
    let run: Answer | undefined;
    const charges = await chargesOf(async () => {
      run = await runScript(
        'lmx',
        'let n = 0\nfor i in range(40)\n  adapter("activity-pages.validatePage", {"kind": "maze", "doc": {}})\n  n = n + 1\nend\nprint n',
      );
    });
    expect(bodyOf(run).output).toEqual(['40']);
    expect(charges).toEqual([['meter:tool:lmx.run', -2]]);
  }, 60_000);

  it("charges lmai llm.chat's price per model call, and stops the run when the balance is short", async () => {
    await topUpTo(2 + 3 * 2);
    let run: Answer | undefined;
    const charges = await chargesOf(async () => {
      run = await runScript(
        'lmai',
        'ASK auto "One word for tea" -> a\nASK auto "One word for owls" -> b\nprint "done"',
      );
    });
    expect(bodyOf(run).output).toContain('done');
    expect(charges).toEqual([
      ['meter:tool:lmx.run', -2],
      ['meter:tool:llm.chat', -3],
      ['meter:tool:llm.chat', -3],
    ]);
    expect(await balance()).toBe(0);

    await topUpTo(2 + 3);
    const short = await chargesOf(async () => {
      run = await runScript('lmai', 'ASK auto "One" -> a\nASK auto "Two" -> b\nprint "never"');
    });
    const body = bodyOf(run);
    expect(body.error?.message).toContain('GATE_INSUFFICIENT_BALANCE');
    expect(body.output).not.toContain('never');
    expect(short).toEqual([
      ['meter:tool:lmx.run', -2],
      ['meter:tool:llm.chat', -3],
    ]);
  }, 60_000);

  it('charges lma, lmg action cells, function-calls, MCP and the area routes exactly once each', async () => {
    await topUpTo(2 + 1);
    expect(await chargesOf(() => runScript('lma', 'USE activity-pages.listKinds {} -> k'))).toEqual([
      ['meter:tool:lmx.run', -2],
      ['meter:tool:activity-pages.listKinds', -1],
    ]);
    await topUpTo(2 + 1);
    const grid =
      '{"cells":[{"id":"k","specialConfig":{"kind":"action:activity-pages.listKinds","code":"{}"}}]}\nRUN';
    expect(await chargesOf(() => runScript('lmg', grid))).toEqual([
      ['meter:tool:lmx.run', -2],
      ['meter:tool:activity-pages.listKinds', -1],
    ]);
    await topUpTo(2);
    expect(await chargesOf(() => call('POST', '/api/functions/hello/call', {}))).toEqual([
      ['meter:tool:lmx.run', -2],
    ]);
    await topUpTo(1);
    expect(await chargesOf(() => call('POST', '/api/functions/kinds/call', {}))).toEqual([
      ['meter:tool:activity-pages.listKinds', -1],
    ]);
    await topUpTo(2);
    expect(
      await chargesOf(() => mcp.callTool({ name: 'lmx.run', arguments: { mode: 'lmx', source: 'print 1' } })),
    ).toEqual([['meter:tool:lmx.run', -2]]);
    await topUpTo(1);
    let generated: Answer | undefined;
    expect(
      await chargesOf(async () => {
        generated = await call('POST', '/api/activity/pages/generate', { kind: 'math', seed: 1 });
      }),
    ).toEqual([['meter:tool:activity-pages.generatePage', -1]]);
    expect(generated?.status).toBe(200);
    await topUpTo(4);
    let dream: Answer | undefined;
    expect(
      await chargesOf(async () => {
        dream = await call('POST', '/api/dreamer/run', { topic: 'tea' });
      }),
    ).toEqual([['meter:tool:dreamer.dream', -4]]);
    expect(dream?.status).toBe(200);
    expect(await balance()).toBe(0);
  }, 120_000);

  it('charges an automation step running a script, and the script inside reaches nothing priced for free', async () => {
    const id = await storeDocument('automations', {
      name: 'chain',
      trigger: { type: 'manual' },
      steps: [
        { action: 'lmx.run', args: { mode: 'lmx', source: 'print adapter("pdf.render", {"html": "x"})' } },
      ],
    });
    await topUpTo(2);
    const charges = await chargesOf(async () => {
      const started = await call('POST', `/api/automations/${id}/run`);
      expect(started.status).toBe(202);
      await vi.waitFor(
        async () => {
          const runs = await call('GET', '/db/automation_runs?sort=-createdAt&limit=1');
          const [latest] = runs.body.items as Json[];
          expect(latest?.status).toMatch(/done|error/);
        },
        { timeout: 30_000, interval: 50 },
      );
    });
    const runs = await call('GET', '/db/automation_runs?sort=-createdAt&limit=1');
    const [latest] = runs.body.items as { steps: { result?: RunBody }[] }[];
    expect(latest?.steps[0]?.result?.error?.code).toBe('E_FORBIDDEN');
    expect(charges).toEqual([['meter:tool:lmx.run', -2]]);
  }, 60_000);
});
