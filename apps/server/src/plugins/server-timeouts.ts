/** How long the server waits on a client, in milliseconds (see docs/server.md, "Timeouts"). */
export interface ServerTimeouts {
  /** The whole request line, headers and body must arrive within this (408 `SERVER_REQUEST_TIMEOUT`). */
  requestTimeout: number;
  /** The request line and headers must arrive within this (408); at most `requestTimeout`. */
  headersTimeout: number;
  /** An idle keep-alive connection is closed after this, between two requests. */
  keepAliveTimeout: number;
  /** A socket with no traffic in either direction (a client that stopped reading) is destroyed after this. */
  connectionTimeout: number;
  /** How often Node checks connections against the request and headers timeouts. */
  connectionsCheckingInterval: number;
  /**
   * A response whose client has not taken a byte for this long while the server waits to write
   * (the socket's buffer full) is destroyed: a client that stopped reading a download no longer
   * holds it, and what it holds (the backup's one-at-a-time lock), for the socket timeout.
   */
  stalledResponseTimeout: number;
}

/**
 * The server's timeouts, chosen rather than inherited: Fastify's defaults are no request timeout
 * and no socket timeout at all, and Node checks headers only every 30 s. A slow-loris client
 * trickling headers is cut after 10 s; a slow upload after 30 s (a 4 MiB MCP body needs ~1 Mbit/s).
 * Keep-alive stays open 72 s, longer than the 60 s idle timeout of common load balancers, so the
 * balancer closes first and never sends on a socket we just closed. A socket silent both ways for
 * 10 minutes is dead (long pipelines talk over SSE, which pings every 15 s); a response whose
 * client took no byte for a minute while the server waited to write is cut.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  keepAliveTimeout: 72_000,
  connectionTimeout: 600_000,
  connectionsCheckingInterval: 1_000,
  stalledResponseTimeout: 60_000,
};

/**
 * The Fastify server options that apply `timeouts`.
 *
 * @example
 * Fastify({ ...toFastifyTimeouts(SERVER_TIMEOUTS) });
 */
export function toFastifyTimeouts(timeouts: ServerTimeouts) {
  return {
    requestTimeout: timeouts.requestTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    connectionTimeout: timeouts.connectionTimeout,
    http: {
      headersTimeout: Math.min(timeouts.headersTimeout, timeouts.requestTimeout),
      connectionsCheckingInterval: timeouts.connectionsCheckingInterval,
    },
  };
}
