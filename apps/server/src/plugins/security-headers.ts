import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';

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

function setOn(raw: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) raw.setHeader(name, value);
}

/**
 * Sets {@link securityHeaders} on every response, and `Cache-Control: no-store` on every answer
 * to a request that carries a credential or that sets a cookie (a login), unless the route chose
 * a stricter or equal policy itself. Headers are put on the raw response as the request arrives,
 * so replies that hijack the socket (SSE streams, `/mcp`) and skip Fastify's send hooks carry
 * them too.
 *
 * @example
 * installSecurityHeaders(app, config);
 */
export function installSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const always = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    setOn(reply.raw, always);
    if (carriesCredential(request.headers, config.cookieName))
      reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (
      reply.hasHeader('set-cookie') &&
      !String(reply.getHeader('cache-control') ?? '').includes('no-store')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
