import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/server-config.js';

/** HSTS as sent in production: one year, subdomains included (no `preload`: that is the operator's call). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The headers every response carries, whatever answers it (a route, an error, a refusal of
 * Fastify's, a hijacked SSE or MCP reply): no MIME sniffing, no referrer leaving the server (a
 * verification link's token must not travel in a `Referer`), and HSTS in production.
 *
 * @example
 * securityHeaders(config); // { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' }
 */
export function securityHeaders(config: Pick<ServerConfig, 'env'>): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...(config.env === 'production' ? { 'strict-transport-security': HSTS_VALUE } : {}),
  };
}

/** True when the request carries a credential: the session cookie or an API key. */
function carriesCredential(headers: Record<string, unknown>, cookieName: string): boolean {
  if (headers['x-api-key'] !== undefined || headers.authorization !== undefined) return true;
  const cookie = headers.cookie;
  return typeof cookie === 'string' && cookie.includes(`${cookieName}=`);
}

const hasNoStore = (value: unknown): boolean => String(value ?? '').includes('no-store');

/**
 * Makes the response `Cache-Control: no-store` at the moment its head is written, when the
 * request carried a credential or the response sets a cookie. Done in `writeHead` because
 * hijacked replies (SSE, the MCP SDK) pass their own `cache-control` there, which would override
 * anything set earlier; a stricter policy the route chose (`private, no-store`) is kept.
 */
function enforceNoStore(raw: ServerResponse, credentialed: boolean): void {
  const writeHead = raw.writeHead;
  raw.writeHead = function writeHeadWithNoStore(this: ServerResponse, ...args: unknown[]) {
    // Node also accepts a flat [name, value, …] array; neither Fastify nor the SDKs use it.
    const headers = args.find(
      (arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null && !Array.isArray(arg),
    );
    const names = headers ? Object.keys(headers) : [];
    const setsCookie =
      this.hasHeader('set-cookie') || names.some((name) => name.toLowerCase() === 'set-cookie');
    if (credentialed || setsCookie) {
      for (const name of names) {
        if (name.toLowerCase() === 'cache-control' && headers && !hasNoStore(headers[name]))
          headers[name] = 'no-store';
      }
      if (!hasNoStore(this.getHeader('cache-control'))) this.setHeader('cache-control', 'no-store');
    }
    return writeHead.apply(this, args as Parameters<ServerResponse['writeHead']>);
  } as ServerResponse['writeHead'];
}

/**
 * Sets {@link securityHeaders} on every response, and `Cache-Control: no-store` on every answer
 * to a request that carries a credential (session cookie, `x-api-key`, `Authorization`) or that
 * sets a cookie (a login). Both are applied to the raw response as the request arrives, so
 * replies that hijack the socket (SSE streams, `/mcp`) and skip Fastify's send hooks carry them
 * too. Answers Fastify's router refuses before any hook runs get the baseline headers from
 * `createFrameworkErrorHandler`, and Node-level refusals from `createClientErrorHandler`.
 *
 * @example
 * installSecurityHeaders(app, config);
 */
export function installSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const always = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of Object.entries(always)) reply.raw.setHeader(name, value);
    enforceNoStore(reply.raw, carriesCredential(request.headers, config.cookieName));
    done();
  });
}
