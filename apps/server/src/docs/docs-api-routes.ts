import type { PageKind } from '@svc/docs-reader';
import type { FastifyInstance } from 'fastify';
import type { DocsRouteContext } from './docs-route-context.js';
import { packagesSchema, pageSchema, searchSchema, symbolSchema } from './docs-route-schemas.js';
import { sendCached } from './http-cache.js';

/** Reads per client IP per minute on the search route (the others are cheap lookups). */
export const DOCS_SEARCH_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The HTML site's URL of a page section. */
export function siteUrlOf(pageId: string, anchor = ''): string {
  return `/docs/${pageId}${anchor ? `#${anchor}` : ''}`;
}

/**
 * `GET /api/docs/search`, `/api/docs/page/*`, `/api/docs/packages`, `/api/docs/symbol/:name`.
 *
 * @example
 * registerDocsApiRoutes(app, context);
 */
export function registerDocsApiRoutes(app: FastifyInstance, context: DocsRouteContext): void {
  app.get<{ Querystring: { q: string; kind?: PageKind; package?: string; limit: number; offset: number } }>(
    '/api/docs/search',
    { schema: searchSchema, config: { rateLimit: DOCS_SEARCH_RATE_LIMIT } },
    async (request, reply) => {
      try {
        const { q, kind, package: pkg, limit, offset } = request.query;
        const response = (await context.reader()).search({
          query: q,
          limit,
          offset,
          ...(kind ? { kind } : {}),
          ...(pkg ? { package: pkg } : {}),
        });
        const body = {
          ...response,
          results: response.results.map((result) => ({
            ...result,
            url: siteUrlOf(result.pageId, result.anchor),
          })),
        };
        return sendCached(request, reply, String(reply.serialize(body)), JSON_TYPE);
      } catch (error) {
        return context.sendError(reply, error);
      }
    },
  );
  app.get<{ Params: { '*': string } }>('/api/docs/page/*', { schema: pageSchema }, async (request, reply) => {
    try {
      const { page, markdown } = (await context.reader()).getPage(request.params['*']);
      const { body: _body, ...meta } = page;
      return sendCached(
        request,
        reply,
        String(reply.serialize({ ...meta, markdown, url: siteUrlOf(page.id) })),
        JSON_TYPE,
      );
    } catch (error) {
      return context.sendError(reply, error);
    }
  });
  app.get<{ Querystring: { layer?: string; limit: number } }>(
    '/api/docs/packages',
    { schema: packagesSchema },
    async (request, reply) => {
      try {
        const { layer, limit } = request.query;
        const body = (await context.reader()).listPackages({ limit, ...(layer ? { layer } : {}) });
        return sendCached(request, reply, String(reply.serialize(body)), JSON_TYPE);
      } catch (error) {
        return context.sendError(reply, error);
      }
    },
  );
  app.get<{ Params: { name: string } }>(
    '/api/docs/symbol/:name',
    { schema: symbolSchema },
    async (request, reply) => {
      try {
        const found = (await context.reader()).getSymbol(request.params.name);
        const body = {
          ...found,
          matches: found.matches.map((match) => ({ ...match, url: siteUrlOf(match.page, match.anchor) })),
        };
        return sendCached(request, reply, String(reply.serialize(body)), JSON_TYPE);
      } catch (error) {
        return context.sendError(reply, error);
      }
    },
  );
}
