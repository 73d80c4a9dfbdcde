import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_METER } from '../contracts/webhook-contract.js';
import { FIXTURE_ENV, type SignedInUser, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { listenOnLoopback } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { grantTokens, logInAdmin, readWalletTotals } from '../testing/token-test-fixtures.js';

const PRICE = 5;

/** A receiver the caller controls: `/ok` 200, `/fail` 500, `/gone` 404, `/slow` never answers. */
async function startReceiver(): Promise<{ server: Server; port: number; paths: string[]; release(): void }> {
  const paths: string[] = [];
  const held: Array<() => void> = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    request.resume();
    request.on('end', () => {
      if (request.url === '/slow') held.push(() => response.destroy());
      else if (request.url === '/fail') response.writeHead(500).end('receiver broke');
      else if (request.url === '/gone') response.writeHead(404).end('no such hook');
      else response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    paths,
    release: () => {
      for (const release of held.splice(0)) release();
    },
  };
}

/** A loopback port nothing listens on: a server opened and closed again. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(testDatabaseTargets())('what a webhook call keeps charged, on $name', (target) => {
  let server: TestServer;
  let base: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: string;
  let owner: SignedInUser;

  const hook = async (name: string, url: string) => {
    const created = await sendOverLoopback(base, 'POST', '/api/integrations', {
      cookie: owner.cookie,
      body: { name, url },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
  };
  const call = (name: string) =>
    sendOverLoopback(base, 'POST', `/api/adapters/integrations/${name}`, { cookie: owner.cookie, body: {} });
  const balance = async () => (await readWalletTotals(server.app, owner.id)).balance;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await createTestServer(target, { ...FIXTURE_ENV, SVC_INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
    base = await listenOnLoopback(server.app);
    admin = await logInAdmin(server.app);
    owner = await signUpWithRoles(server.app, 'charged-hooks@example.com', ['member', 'developer']);
    const rule = await sendOverLoopback(base, 'POST', '/db/meter_rules', {
      cookie: admin,
      body: { resource: WEBHOOK_METER, cost: PRICE },
    });
    expect(rule.status).toBe(201);
  });
  afterAll(async () => {
    receiver?.release();
    await server?.close();
    receiver?.server.close();
  });

  it('keeps the charge when the caller’s receiver answers 500: a wallet of one price pays one delivery', async () => {
    await hook('fail', `http://127.0.0.1:${receiver.port}/fail`);
    await grantTokens(server.app, admin, owner.id, PRICE);
    const before = receiver.paths.length;
    const first = await call('fail');
    expect(first.status).toBe(424);
    expect(first.json.error).toMatchObject({
      code: 'INTEGRATION_RECEIVER_FAILED',
      details: { reason: 'status', status: 500, body: 'receiver broke' },
    });
    expect(await balance()).toBe(0);
    // The next four are refused for want of tokens and never leave the server.
    for (let n = 0; n < 4; n++)
      expect((await call('fail')).json.error.code).toBe('GATE_INSUFFICIENT_BALANCE');
    expect(receiver.paths.slice(before)).toEqual(['/fail']);
  });

  it('keeps it for every failure of the caller’s receiver or configuration, as docs/integrations.md tables', async () => {
    const port = await closedPort();
    await hook('gone', `http://127.0.0.1:${receiver.port}/gone`);
    await hook('closed', `http://127.0.0.1:${port}/hook`);
    await hook('slow', `http://127.0.0.1:${receiver.port}/slow`);
    await hook('nowhere', 'http://hooks.invalid/hook');
    await hook('local', `http://localhost:${receiver.port}/ok`);
    await hook('fine', `http://127.0.0.1:${receiver.port}/ok`);
    const cases = ['gone', 'closed', 'slow', 'nowhere', 'local', 'fine'];
    await grantTokens(server.app, admin, owner.id, PRICE * cases.length);
    // The slow receiver takes the whole delivery bound (10 s): the calls run side by side.
    const answers = await Promise.all(cases.map((name) => call(name)));
    receiver.release();
    const seen = Object.fromEntries(
      cases.map((name, index) => {
        const answer = answers[index];
        return [
          name,
          [answer?.status, answer?.json.error?.code ?? 'ok', answer?.json.error?.details?.reason],
        ];
      }),
    );
    expect(seen).toEqual({
      gone: [424, 'INTEGRATION_RECEIVER_FAILED', 'status'],
      closed: [424, 'INTEGRATION_RECEIVER_FAILED', 'connection'],
      slow: [424, 'INTEGRATION_RECEIVER_FAILED', 'timeout'],
      nowhere: [400, 'GATE_INVALID_INPUT', 'ENOTFOUND'],
      local: [403, 'GATE_FORBIDDEN', 'address-refused'],
      fine: [200, 'ok', undefined],
    });
    // Every one of them paid its price: none was this server's failure.
    expect(await balance()).toBe(0);
    const kinds = await server.app.database.db
      .selectFrom('wallet_ledger')
      .select('kind')
      .where('user_id', '=', owner.id)
      .execute();
    expect(kinds.filter((entry) => entry.kind === 'refund')).toEqual([]);
  }, 30_000);
});
