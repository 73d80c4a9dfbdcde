import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { GateError } from '@svc/gate';

// Addresses no user's webhook may reach: loopback, private, link-local, carrier-grade NAT,
// benchmarking, documentation, multicast, reserved and unspecified ranges, in both families.
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/**
 * True when `address` (an IP literal) is loopback, private or otherwise not a public unicast
 * address. IPv4-mapped IPv6 addresses are judged by their IPv4 part.
 *
 * @example
 * isRefusedAddress('127.0.0.1'); // true
 * isRefusedAddress('93.184.216.34'); // false
 */
export function isRefusedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return isRefusedAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return true;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The address a delivery connects to, decided before connecting (so DNS cannot change it after the check). */
export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `hostname` and refuses it (`GATE_FORBIDDEN`) when any of its addresses is refused
 * by {@link isRefusedAddress}, unless an admin allowed the host (`allowedHosts`, lower case).
 * The answer is the address to connect to: the caller pins the connection to it.
 *
 * @example
 * const target = await resolveWebhookTarget('hooks.example.com', []);
 */
export async function resolveWebhookTarget(
  hostname: string,
  allowedHosts: readonly string[],
): Promise<ResolvedTarget> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new GateError('GATE_INVALID_INPUT', `The webhook host ${host} does not resolve.`, {
      details: { host, reason: (error as NodeJS.ErrnoException).code ?? 'lookup failed' },
    });
  }
  const first = addresses[0];
  if (first === undefined)
    throw new GateError('GATE_INVALID_INPUT', `The webhook host ${host} does not resolve.`);
  if (!allowedHosts.includes(host)) {
    const blocked = addresses.find((entry) => isRefusedAddress(entry.address));
    if (blocked !== undefined) {
      throw new GateError(
        'GATE_FORBIDDEN',
        `The webhook host ${host} resolves to ${blocked.address}, a private or loopback address; an admin may allow the host with SVC_INTEGRATION_ALLOWED_HOSTS.`,
        { details: { host, address: blocked.address, reason: 'address-refused' } },
      );
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
