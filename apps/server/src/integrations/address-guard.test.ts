import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ENV, type SignedInUser, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { listenOnLoopback } from '../testing/healthz-probe.js';
import { sendOverLoopback } from '../testing/loopback-client.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { isRefusedAddress } from './address-guard.js';

/** One address of every special-purpose range, by the name docs/integrations.md gives it. */
const SPECIAL_ADDRESSES: ReadonlyArray<[range: string, address: string]> = [
  ['IPv4 this network 0.0.0.0/8', '0.1.2.3'],
  ['IPv4 unspecified', '0.0.0.0'],
  ['IPv4 private 10/8', '10.1.2.3'],
  ['IPv4 CGNAT 100.64/10', '100.64.0.1'],
  ['IPv4 CGNAT 100.64/10, top', '100.127.255.254'],
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 loopback, not .1', '127.8.9.10'],
  ['IPv4 link-local', '169.254.169.254'],
  ['IPv4 private 172.16/12', '172.31.0.1'],
  ['IPv4 IETF protocol 192.0.0/24', '192.0.0.8'],
  ['IPv4 documentation 192.0.2/24', '192.0.2.1'],
  ['IPv4 6to4 relay anycast 192.88.99/24', '192.88.99.1'],
  ['IPv4 private 192.168/16', '192.168.1.1'],
  ['IPv4 benchmarking 198.18/15', '198.19.0.1'],
  ['IPv4 documentation 198.51.100/24', '198.51.100.7'],
  ['IPv4 documentation 203.0.113/24', '203.0.113.9'],
  ['IPv4 multicast', '224.0.0.1'],
  ['IPv4 multicast, top', '239.255.255.250'],
  ['IPv4 reserved 240/4', '240.0.0.1'],
  ['IPv4 broadcast', '255.255.255.255'],
  ['IPv6 unspecified', '::'],
  ['IPv6 loopback', '::1'],
  ['IPv6 IPv4-compatible ::/96 (loopback inside)', '::7f00:1'],
  ['IPv6 IPv4-compatible ::/96 (public inside)', '::808:808'],
  ['IPv6 IPv4-mapped ::ffff:0:0/96, dotted', '::ffff:127.0.0.1'],
  ['IPv6 IPv4-mapped ::ffff:0:0/96, hex', '::ffff:7f00:1'],
  ['IPv6 IPv4-mapped ::ffff:0:0/96 (public inside)', '::ffff:808:808'],
  ['IPv6 IPv4-translated ::ffff:0:0:0/96', '::ffff:0:7f00:1'],
  ['IPv6 NAT64 64:ff9b::/96', '64:ff9b::7f00:1'],
  ['IPv6 local NAT64 64:ff9b:1::/48', '64:ff9b:1::1'],
  ['IPv6 discard 100::/64', '100::1'],
  ['IPv6 Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['IPv6 benchmarking 2001:2::/48', '2001:2::1'],
  ['IPv6 ORCHIDv2 2001:20::/28', '2001:20::1'],
  ['IPv6 documentation 2001:db8::/32', '2001:db8::1'],
  ['IPv6 6to4 2002::/16', '2002:7f00:1::1'],
  ['IPv6 documentation 3fff::/20', '3fff::1'],
  ['IPv6 unique-local fc00::/7', 'fc00::1'],
  ['IPv6 unique-local fd00::/8', 'fd12:3456::1'],
  ['IPv6 link-local fe80::/10', 'fe80::1'],
  ['IPv6 site-local fec0::/10 (deprecated)', 'fec0::1'],
  ['IPv6 multicast ff00::/8', 'ff02::1'],
  ['IPv6 outside global unicast', '4000::1'],
];

const PUBLIC_ADDRESSES = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '2606:4700::1111',
  '2a00:1450:4001:80b::200e',
];

describe('the webhook address guard', () => {
  it.each(SPECIAL_ADDRESSES)('refuses %s (%s)', (_range, address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it('passes public unicast addresses of both families', () => {
    for (const address of PUBLIC_ADDRESSES) expect(isRefusedAddress(address), address).toBe(false);
  });

  it('refuses what is not an address in standard notation', () => {
    for (const text of ['', 'localhost', '0x7f.1', '127.1', '2130706433', '::ffff:1.2.3', '1.2.3.4.5'])
      expect(isRefusedAddress(text), text).toBe(true);
  });
});

describe.each(testDatabaseTargets())(
  'webhooks to special addresses, through the server on $name',
  (target) => {
    let server: TestServer;
    let base: string;
    let receiver: Server;
    let port: number;
    let deliveries = 0;
    let owner: SignedInUser;

    beforeAll(async () => {
      // A receiver on IPv4 loopback: an address that reaches it past the guard would show here.
      receiver = createServer((request, response) => {
        deliveries += 1;
        request.resume();
        response.writeHead(200).end('reached');
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      port = (receiver.address() as AddressInfo).port;
      server = await createTestServer(target, FIXTURE_ENV);
      base = await listenOnLoopback(server.app);
      owner = await signUpWithRoles(server.app, 'guarded-hooks@example.com', ['member', 'developer']);
    });
    afterAll(async () => {
      await server?.close();
      receiver?.close();
    });

    it('answers 403 GATE_FORBIDDEN for a webhook at an address of every special range, sending nothing', async () => {
      const seen: Record<string, unknown> = {};
      for (const [index, [range, address]] of SPECIAL_ADDRESSES.entries()) {
        const host = address.includes(':') ? `[${address}]` : address;
        const name = `special${index}`;
        const created = await sendOverLoopback(base, 'POST', '/api/integrations', {
          cookie: owner.cookie,
          body: { name, url: `http://${host}:${port}/hook` },
        });
        expect(created.status, `${range}: ${JSON.stringify(created.json)}`).toBe(201);
        const called = await sendOverLoopback(base, 'POST', `/api/adapters/integrations/${name}`, {
          cookie: owner.cookie,
          body: {},
        });
        seen[range] = [called.status, called.json?.error?.code, called.json?.error?.details?.reason];
      }
      expect(seen).toEqual(
        Object.fromEntries(
          SPECIAL_ADDRESSES.map(([range]) => [range, [403, 'GATE_FORBIDDEN', 'address-refused']]),
        ),
      );
      expect(deliveries).toBe(0);
    });
  },
);
