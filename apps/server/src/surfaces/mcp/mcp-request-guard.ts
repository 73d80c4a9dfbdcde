import { GateError } from '@svc/gate';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config/server-config.js';
import { isCrossSite } from '../../plugins/gate-plugin.js';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];

function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * The DNS-rebinding and cross-site checks the MCP transport specification asks of servers,
 * aligned with the gate's same-origin rule:
 * - `Host` must name this server: the host of `SVC_PUBLIC_URL` or a loopback name. A page on
 *   another site that rebinds its name to this server's address still sends its own name.
 * - A browser request from another site (`Sec-Fetch-Site`, else `Origin`) is refused, whatever
 *   its credentials: unlike the gate, which checks only cookie-authenticated unsafe requests.
 * Both throw `GATE_CROSS_SITE_REQUEST` (403) before the MCP transport sees the request.
 *
 * @example
 * assertMcpRequestAllowed(request, app.svcConfig);
 */
export function assertMcpRequestAllowed(request: FastifyRequest, config: ServerConfig): void {
  const allowed = new Set([stripBrackets(new URL(config.publicUrl).hostname), ...LOOPBACK_HOSTS]);
  if (!allowed.has(stripBrackets(request.hostname).toLowerCase())) {
    throw new GateError(
      'GATE_CROSS_SITE_REQUEST',
      `The MCP endpoint does not answer for host ${request.hostname}.`,
    );
  }
  if (isCrossSite(request, config.publicUrl)) {
    throw new GateError('GATE_CROSS_SITE_REQUEST', 'The MCP endpoint refuses cross-site browser requests.');
  }
}
