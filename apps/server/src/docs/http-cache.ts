import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long shared caches may keep a docs answer (the site changes only when rebuilt). */
export const DOCS_CACHE_CONTROL = 'public, max-age=300';

/**
 * A strong ETag of a response body.
 *
 * @example
 * etagOf('{"a":1}'); // '"q1bN…"'
 */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Sends a cacheable answer: `Cache-Control`, `ETag`, and 304 without a body when the request's
 * `If-None-Match` already names this body.
 *
 * @example
 * return sendCached(request, reply, JSON.stringify(result), 'application/json; charset=utf-8');
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Uint8Array,
  type: string,
): FastifyReply {
  const etag = etagOf(body);
  reply.header('cache-control', DOCS_CACHE_CONTROL).header('etag', etag);
  const wanted = request.headers['if-none-match'];
  if (
    typeof wanted === 'string' &&
    wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  ) {
    return reply.code(304).send();
  }
  return reply.type(type).send(body);
}

/** The CORS headers every docs answer carries: readable from any origin, no credentials. */
export function setOpenCors(reply: FastifyReply): void {
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'ETag, Cache-Control')
    .header('vary', 'Accept-Encoding');
}
