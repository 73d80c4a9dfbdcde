import { lookup } from 'node:dns/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { GateError } from '@svc/gate';
import { CapabilityError } from '../errors/capability-error.js';

// ipaddr.js is CommonJS without named exports (and the server compiles without esModuleInterop).
const ipaddr = createRequire(import.meta.url)('ipaddr.js') as typeof import('ipaddr.js');

/** IPv6 global unicast (RFC 4291): every address a public IPv6 host can have lies in it. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * True when `address` (an IP literal) is not a public unicast address, so no user's webhook may
 * reach it. The ranges come from `ipaddr.js` (its IANA special-purpose registries), read as an
 * allow-list: only an address `ipaddr.js` calls `unicast` passes — never loopback, private,
 * carrier-grade NAT, link-local, multicast, broadcast, unspecified, documentation,
 * benchmarking or any other reserved range. An IPv6 address must also lie in global unicast
 * (`2000::/3`), which refuses what no registry names, such as the deprecated IPv4-compatible
 * `::a.b.c.d` (`::/96`). Addresses that embed an IPv4 address — IPv4-mapped `::ffff:0:0/96`,
 * `::ffff:0:0:0/96`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, Teredo `2001::/32` — are refused
 * whole, whatever they embed: a gateway on the way would take them to the IPv4 host.
 *
 * @example
 * isRefusedAddress('127.0.0.1'); // true
 * isRefusedAddress('::7f00:1'); // true (IPv4-compatible loopback)
 * isRefusedAddress('93.184.216.34'); // false
 */
export function isRefusedAddress(address: string): boolean {
  // Only the two standard notations: ipaddr.js would also read "0x7f.1" or "127.1".
  const family = isIP(address);
  if (family === 0) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6);
}

/** Lookup errors meaning the name has no address (the caller's configuration, not a resolver failure). */
const NAME_NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

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
    const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed';
    // A name that does not exist is the caller's configuration; a resolver that failed is this server's.
    if (!NAME_NOT_FOUND.has(code))
      throw new CapabilityError(
        'CAP_UPSTREAM_FAILED',
        `The webhook host ${host} could not be looked up now.`,
        {
          details: { host, reason: code },
        },
      );
    throw new GateError('GATE_INVALID_INPUT', `The webhook host ${host} does not resolve.`, {
      details: { host, reason: code },
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
