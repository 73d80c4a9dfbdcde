import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKey, type SignedInUser, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { readDocExample } from '../testing/doc-examples.js';
import {
  createDreamerTestServer,
  createMember,
  type DreamerTestServer,
  priceResource,
} from '../testing/dreamer-test-helpers.js';
import { connectMcpClient } from '../testing/mcp-test-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { grantTokens, readWalletTotals } from '../testing/token-test-fixtures.js';
import { NOTIFY_MAIL_KIND } from './automation-notify.js';
import { loadOwner } from './automation-owner.js';
import type { RunRecord } from './automation-runs.js';

type Json = Record<string, unknown>;
type Run = RunRecord & { id: string };

const PLANE_IDS = [
  'automations.dream',
  'automations.exportBook',
  'automations.generatePage',
  'automations.notify',
  'automations.webhook',
];

/** The meter rules of the suite: each action's target priced differently, so a balance shows which ran. */
const PRICES: ReadonlyArray<[string, number]> = [
  ['tool:activity-pages.generatePage', 1],
  ['tool:automations.notify', 2],
  ['tool:integrations.webhook', 3],
  ['tool:activity-pages.exportBook', 4],
  ['tool:dreamer.dream', 5],
  // A rule on a delegate's own id prices nothing: delegates are charged on their target only.
  ['tool:automations.dream', 1000],
  ['tool:automations.generatePage', 1000],
];

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** Checked in the receiver with the Standard Webhooks algorithm written out again. */
  signatureValid: boolean;
}

/** A loopback webhook receiver answering 200, checking each delivery's signature. */
async function startReceiver(
  secretOf: () => string,
): Promise<{ server: Server; url: string; got: Delivery[] }> {
  const got: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${body}`;
      const key = Buffer.from(secretOf().slice('whsec_'.length), 'base64');
      const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
      got.push({
        headers: request.headers,
        body,
        signatureValid: request.headers['webhook-signature'] === expected,
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

describe.each(testDatabaseTargets())('the automation plane on $name', (target) => {
  let server: DreamerTestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret = '';
  let pro: SignedInUser;

  const inject = (user: SignedInUser | undefined, method: 'GET' | 'POST', url: string, payload?: Json) =>
    server.app.inject({
      method,
      url,
      ...(user ? { headers: { cookie: user.cookie } } : {}),
      ...(payload ? { payload } : {}),
    });
  const created = async (user: SignedInUser, url: string, payload: Json): Promise<Json> => {
    const response = await inject(user, 'POST', url, payload);
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  /** Stores an automation, runs it by hand and waits until the run ended. */
  const runAutomation = async (user: SignedInUser, steps: Json[]): Promise<Run> => {
    const stored = await created(user, '/db/automations', {
      name: 'plane',
      trigger: { type: 'manual' },
      steps,
    });
    const queued = await inject(user, 'POST', `/api/automations/${stored.id}/run`);
    expect(queued.statusCode).toBe(202);
    const runId = queued.json().runId as string;
    let run: Run | undefined;
    await vi.waitFor(
      async () => {
        run = (await inject(user, 'GET', `/db/automation_runs/${runId}`)).json();
        expect(['done', 'error']).toContain(run?.status);
      },
      { timeout: 30_000, interval: 25 },
    );
    return run as Run;
  };
  const saveBook = async (user: SignedInUser): Promise<string> => {
    const generated = await inject(user, 'POST', '/api/activity/pages/generate', { kind: 'maze', seed: 3 });
    const page = await created(user, '/api/activity/pages', { kind: 'maze', doc: generated.json().page.doc });
    const book = await created(user, '/api/activity/books', {
      title: 'Plane',
      trim: 'A4',
      pageIds: [(page.page as Json).id],
    });
    return (book.book as Json).id as string;
  };
  const capabilityIds = async (user: SignedInUser | undefined): Promise<string[]> =>
    (
      (await inject(user, 'GET', '/api/capabilities')).json().capabilities as Array<{
        id: string;
        plane: string;
      }>
    )
      .filter((capability) => capability.plane === 'automation')
      .map((capability) => capability.id);

  beforeAll(async () => {
    receiver = await startReceiver(() => secret);
    server = await createDreamerTestServer(target, { SVC_INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
    pro = await createMember(server.app, server.adminCookie, 'PRO');
    for (const [resource, cost] of PRICES)
      await priceResource(server.app, server.adminCookie, resource, cost);
  });
  afterAll(async () => {
    await server?.close();
    receiver?.server.close();
  });

  it('runs generatePage, notify, webhook, exportBook and dream steps as the owner, each charged once on its target', async () => {
    secret = (await created(pro, '/api/integrations', { name: 'hook', url: receiver.url })).secret as string;
    const bookId = await saveBook(pro);
    await grantTokens(server.app, server.adminCookie, pro.id, 100);
    const before = (await readWalletTotals(server.app, pro.id)).balance;

    const run = await runAutomation(pro, [
      { action: 'generatePage', args: { kind: 'maze', seed: 7, input: { width: 4, height: 4 } } },
      { action: 'notify', args: { subject: 'Your maze is ready', text: 'Seed 7, 4 by 4.' } },
      { action: 'webhook', args: { integration: 'hook', payload: { seed: 7 } } },
      { action: 'exportBook', args: { bookId } },
      { action: 'dream', args: { topic: 'mazes for bees' } },
    ]);
    expect(run.error).toBeUndefined();
    expect(run.steps.map((step) => [step.action, step.capability, step.status])).toEqual([
      ['generatePage', 'automations.generatePage', 'done'],
      ['notify', 'automations.notify', 'done'],
      ['webhook', 'automations.webhook', 'done'],
      ['exportBook', 'automations.exportBook', 'done'],
      ['dream', 'automations.dream', 'done'],
    ]);
    expect((await readWalletTotals(server.app, pro.id)).balance).toBe(before - (1 + 2 + 3 + 4 + 5));
    const [page, note, hook, exported, dream] = run.steps.map((step) => step.result as Json);

    expect(page).toMatchObject({ kind: 'maze', seed: '7' });

    const mail = server.mailer.messages.filter((message) => message.kind === NOTIFY_MAIL_KIND);
    expect(mail.map((message) => [message.to, message.subject])).toEqual([[pro.email, 'Your maze is ready']]);
    expect(mail[0]?.text).toMatch(/^Seed 7, 4 by 4\./);
    expect(note).toEqual({ sent: true, to: `${pro.email.slice(0, 1)}***@example.com` });

    expect(receiver.got).toHaveLength(1);
    expect(receiver.got[0]?.signatureValid).toBe(true);
    expect(JSON.parse(receiver.got[0]?.body ?? '{}')).toMatchObject({
      type: 'automation.webhook',
      data: { seed: 7 },
    });
    expect(hook).toMatchObject({
      status: 200,
      body: 'thanks',
      webhookId: receiver.got[0]?.headers['webhook-id'],
    });

    expect(exported).toMatchObject({ job: { bookId } });
    // The book has an export job: its file answers the job (202) or the PDF (200), not "never exported".
    expect([202, 200]).toContain((await inject(pro, 'GET', `/api/activity/books/${bookId}/file`)).statusCode);

    expect(dream).toMatchObject({ status: 'done' });
  });

  it('refuses dream to a member without the intelligence membership exactly as the adapter route and MCP do', async () => {
    const developer = await signUpWithRoles(server.app, `plane-dev-${Date.now()}@example.com`, [
      'member',
      'developer',
    ]);
    await grantTokens(server.app, server.adminCookie, developer.id, 50);
    const before = (await readWalletTotals(server.app, developer.id)).balance;
    const viaRoute = await inject(developer, 'POST', '/api/adapters/dreamer/dream', { topic: 'tea' });
    expect(viaRoute.statusCode).toBe(403);

    const run = await runAutomation(developer, [{ action: 'dream', args: { topic: 'tea' } }]);
    expect(run.status).toBe('error');
    expect(run.steps.map((step) => step.capability)).toEqual(['automations.dream']);
    expect(run.error).toEqual(viaRoute.json().error);
    expect(run.error?.code).toBe('GATE_MEMBERSHIP_REQUIRED');

    // Listings offer the plane's capabilities the policy allows: everything but dream here.
    expect(await capabilityIds(developer)).toEqual(PLANE_IDS.filter((id) => id !== 'automations.dream'));
    expect(await capabilityIds(pro)).toEqual(PLANE_IDS);
    expect(await capabilityIds(undefined)).toEqual([]);

    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { key } = await createKey(server.app, developer);
    const client = await connectMcpClient(base, key, 'plane');
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).filter((name) => name.startsWith('automations.'))).toEqual(
        PLANE_IDS.filter((id) => id !== 'automations.dream'),
      );
      const refused = (await client.callTool({ name: 'automations.dream', arguments: { topic: 'tea' } })) as {
        isError?: boolean;
        content: Array<{ type: string; text: string }>;
      };
      expect(refused.isError).toBe(true);
      expect(JSON.parse(refused.content[0]?.text ?? '{}').error).toEqual(viaRoute.json().error);
    } finally {
      await client.close();
    }
    expect((await readWalletTotals(server.app, developer.id)).balance).toBe(before);
  });

  it('lists the automation plane in PLANES, DISCOVER and DESCRIBE of an lma script', async () => {
    const source = [
      'PLANES -> counts',
      'for p in filter(counts, fn(x) return x.plane == "automation" end)',
      '  print p.plane, p.count',
      'end',
      'DISCOVER automations -> hits',
      'print map(filter(hits, fn(h) return h.plane == "automation" end), fn(h) return h.id end)',
      'DESCRIBE automations.dream -> about',
      'print about.delegatesTo, about.price, about.policy.membership',
    ].join('\n');
    const response = await inject(pro, 'POST', '/api/lmx/run', { mode: 'lma', source });
    expect(response.json()).toMatchObject({
      ok: true,
      output: [
        'automation 5',
        `[${PLANE_IDS.map((id) => `"${id}"`).join(', ')}]`,
        'dreamer.dream 5 intelligence',
      ],
    });
  });

  it('keeps notify to the caller’s own verified address, within its bounds and hourly limit', async () => {
    const member = await createMember(server.app, server.adminCookie);
    await grantTokens(server.app, server.adminCookie, member.id, 100);
    const owner = await loadOwner(server.app.database.db, server.app.gate, member.id, 'notify-test');
    if (owner === undefined) throw new Error('no owner');
    const notify = (args: Json, user = owner) =>
      server.app.capabilities.invoke('automations.notify', args, { user, surface: 'automation' });
    const codeOf = async (args: Json) => {
      const outcome = await notify(args);
      return outcome.ok ? 'ok' : outcome.error.code;
    };
    expect(await codeOf({ subject: 'x'.repeat(201), text: 'hi' })).toBe('CAP_INVALID_ARGS');
    expect(await codeOf({ subject: 'Hi\r\nBcc: someone@example.net', text: 'hi' })).toBe('CAP_INVALID_ARGS');
    expect(await codeOf({ subject: 'Hi', text: 'x'.repeat(10_001) })).toBe('CAP_INVALID_ARGS');
    expect(await codeOf({ subject: 'Hi', text: 'hi', to: 'someone@example.net' })).toBe('CAP_INVALID_ARGS');
    for (let sent = 0; sent < 20; sent++)
      expect(await codeOf({ subject: `Note ${sent}`, text: 'hi' })).toBe('ok');
    expect(await codeOf({ subject: 'One too many', text: 'hi' })).toBe('SERVER_RATE_LIMITED');
    const mine = server.mailer.messages.filter(
      (message) => message.kind === NOTIFY_MAIL_KIND && message.to === member.email,
    );
    expect(mine).toHaveLength(20);
    expect(
      server.mailer.messages
        .filter((message) => message.kind === NOTIFY_MAIL_KIND)
        .every((message) => [member.email, pro.email].includes(message.to)),
    ).toBe(true);
    server.clock.advance(60 * 60_000);
    // Nobody can have the server mail an address they never proved theirs.
    const unverified = await notify({ subject: 'Hi', text: 'hi' }, { ...owner, emailVerified: false });
    expect(unverified.ok ? 'ok' : unverified.error.code).toBe('GATE_EMAIL_NOT_VERIFIED');
    expect(await codeOf({ subject: 'An hour later', text: 'hi' })).toBe('ok');
    expect((await readWalletTotals(server.app, member.id)).balance).toBe(100 - 22 * 2);
  });

  it('runs the automation-plane example of docs/automations.md as written', async () => {
    const document = JSON.parse(readDocExample('automations.md', 'automation-plane')) as Json;
    const run = await runAutomation(pro, document.steps as Json[]);
    expect(run.status).toBe('done');
    expect(run.steps.map((step) => step.capability)).toEqual([
      'automations.generatePage',
      'automations.notify',
    ]);
  });
});
