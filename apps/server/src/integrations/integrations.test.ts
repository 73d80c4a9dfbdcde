import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/server-config.js';
import { FIXTURE_ENV, type SignedInUser, signUp, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { readDocExample } from '../testing/doc-examples.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { isRefusedAddress } from './address-guard.js';
import { signWebhook, verifyWebhook } from './webhook-signature.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Checked here, in the receiver, with the Standard Webhooks algorithm written out again. */
  signatureValid: boolean;
}

/** A loopback receiver: `/hook` answers 200, `/moved` a redirect, `/big` 100 KiB. */
async function startReceiver(
  secretOf: () => string,
): Promise<{ server: Server; base: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id']);
      const timestamp = String(request.headers['webhook-timestamp']);
      const key = Buffer.from(secretOf().slice('whsec_'.length), 'base64');
      const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body,
        signatureValid: request.headers['webhook-signature'] === expected,
      });
      if (request.url === '/moved') response.writeHead(302, { location: '/hook' }).end();
      else if (request.url === '/big') response.writeHead(200).end('x'.repeat(100 * 1024));
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('the webhook address guard', () => {
  it('refuses loopback, private, link-local and mapped addresses and passes public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111'])
      expect(isRefusedAddress(address), address).toBe(false);
  });

  it('refuses a bad SVC_INTEGRATION_ALLOWED_HOSTS with a clear problem', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', SVC_INTEGRATION_ALLOWED_HOSTS: 'http://x.example/' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'test', SVC_INTEGRATION_ALLOWED_HOSTS: 'Hooks.Internal, 127.0.0.1' })
        .integrations,
    ).toEqual({
      allowedHosts: ['hooks.internal', '127.0.0.1'],
    });
  });
});

describe.each(testDatabaseTargets())('user integrations on $name', (target) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: SignedInUser;
  let other: SignedInUser;
  let secret = '';

  const create = (user: SignedInUser, name: string, url: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: { cookie: user.cookie },
      payload: { name, url },
    });
  const call = (user: SignedInUser, name: string, args: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: `/api/adapters/integrations/${name}`,
      headers: { cookie: user.cookie },
      payload: args,
    });

  beforeAll(async () => {
    receiver = await startReceiver(() => secret);
    // 127.0.0.1 is allowed by the admin; localhost (also loopback) is not.
    server = await createTestServer(target, { ...FIXTURE_ENV, SVC_INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
    owner = await signUpWithRoles(server.app, 'hooks-owner@example.com', ['member', 'developer']);
    other = await signUpWithRoles(server.app, 'hooks-other@example.com', ['member', 'developer']);
  });
  afterAll(async () => {
    await server?.close();
    receiver?.server.close();
  });

  it('answers the secret once and never on a read', async () => {
    const created = await create(owner, 'hook', `http://${receiver.base}/hook`);
    expect(created.statusCode).toBe(201);
    secret = created.json().secret;
    expect(secret).toMatch(/^whsec_/);
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: owner.cookie },
    });
    expect(listed.json().integrations).toEqual([
      expect.objectContaining({
        name: 'hook',
        capability: 'integrations.hook',
        url: `http://${receiver.base}/hook`,
      }),
    ]);
    expect(listed.body).not.toContain(secret.slice(6));
    const capabilities = await server.app.inject({
      method: 'GET',
      url: '/api/capabilities',
      headers: { cookie: owner.cookie },
    });
    expect(capabilities.body).not.toContain(secret.slice(6));
    expect((await create(owner, 'hook', `http://${receiver.base}/other`)).json().error.code).toBe(
      'GATE_CONFLICT',
    );
    expect((await create(owner, 'bad', 'ftp://example.com/x')).json().error.code).toBe('GATE_INVALID_INPUT');
  });

  it('delivers a signed event to an allowed loopback host and the receiver verifies it', async () => {
    const response = await call(owner, 'hook', { type: 'book.exported', data: { bookId: 'b1' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ status: 200, body: 'thanks', truncated: false });
    const delivery = receiver.received.at(-1);
    expect(delivery?.signatureValid).toBe(true);
    expect(delivery?.headers['webhook-id']).toBe(response.json().result.webhookId);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'book.exported',
      data: { bookId: 'b1' },
    });
  });

  it('refuses a loopback host the admin did not allow, before sending anything', async () => {
    const port = receiver.base.split(':')[1];
    expect((await create(owner, 'local', `http://localhost:${port}/hook`)).statusCode).toBe(201);
    const before = receiver.received.length;
    const refused = await call(owner, 'local', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'GATE_FORBIDDEN',
      details: { reason: 'address-refused' },
    });
    expect(receiver.received.length).toBe(before);
  });

  it('does not follow redirects and bounds the answer it keeps', async () => {
    await create(owner, 'moved', `http://${receiver.base}/moved`);
    await create(owner, 'big', `http://${receiver.base}/big`);
    const before = receiver.received.length;
    const moved = await call(owner, 'moved', {});
    expect(moved.statusCode).toBe(424);
    expect(moved.json().error).toMatchObject({
      code: 'INTEGRATION_RECEIVER_FAILED',
      details: { reason: 'status', status: 302 },
    });
    expect(receiver.received.slice(before).map((entry) => entry.path)).toEqual(['/moved']);
    const big = (await call(owner, 'big', {})).json().result;
    expect(big).toMatchObject({ status: 200, truncated: true });
    expect(big.body).toHaveLength(64 * 1024);
  });

  it("never lets another user call or see someone's webhook", async () => {
    const refused = await call(other, 'hook', {});
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('CAP_NOT_FOUND');
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: other.cookie },
    });
    expect(listed.json().integrations).toEqual([]);
    const plainMember = await signUp(server.app, 'hooks-plain@example.com');
    expect((await call(plainMember, 'hook', {})).statusCode).toBe(403);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: '/api/integrations/hook',
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await call(owner, 'hook', {})).statusCode).toBe(404);
  });
});

describe('the docs of integrations', () => {
  it('signs the documented vector to the documented signature, and verifies it', () => {
    const vector = JSON.parse(readDocExample('integrations.md', 'signature-vector'));
    const timestamp = Number(vector['webhook-timestamp']);
    const headers = signWebhook({
      secret: vector.secret,
      id: vector['webhook-id'],
      timestamp,
      body: vector.body,
    });
    expect(headers['webhook-signature']).toBe(vector['webhook-signature']);
    expect(
      verifyWebhook({
        secret: vector.secret,
        headers: vector,
        body: vector.body,
        nowSeconds: timestamp + 10,
      }),
    ).toBe(true);
    expect(
      verifyWebhook({
        secret: vector.secret,
        headers: vector,
        body: `${vector.body} `,
        nowSeconds: timestamp,
      }),
    ).toBe(false);
    expect(
      verifyWebhook({
        secret: vector.secret,
        headers: vector,
        body: vector.body,
        nowSeconds: timestamp + 301,
      }),
    ).toBe(false);
    expect(JSON.parse(readDocExample('integrations.md', 'create'))).toEqual({
      name: 'notify',
      url: 'https://hooks.example.com/svc',
    });
  });
});
