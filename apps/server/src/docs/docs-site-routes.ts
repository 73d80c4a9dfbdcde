import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { isDocsError, suggestNames } from '@svc/docs-reader';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServerError } from '../errors/server-error.js';
import type { DocsRouteContext } from './docs-route-context.js';
import { sendCached } from './http-cache.js';
import { renderNotFoundHtml, renderPageHtml, renderSearchHtml } from './site/render-site-page.js';
import { SITE_CSS, SITE_JS } from './site/site-assets.js';

const TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
const HTML = 'text/html; charset=utf-8';
// Control characters (NUL among them) and backslashes: in no file name the site build writes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const UNSAFE_PATH_CHARACTER = /[\u0000-\u001f\u007f\\]/;
const hidden = { hide: true } as const;

/**
 * The static files (`/api.json`, `/llms.txt`, `/llms-full.txt`, `/docs/*.md|json` and assets)
 * and the HTML site (`/docs/`, `/docs/{page_id}`, `/docs/?q=` search, `/docs-assets/*`).
 *
 * @example
 * registerDocsSiteRoutes(app, context);
 */
export function registerDocsSiteRoutes(app: FastifyInstance, context: DocsRouteContext): void {
  const root = resolve(context.siteDir);

  async function sendFile(request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
    await context.reader();
    // A decoded URL may hold what no file name of the site does and the file system refuses
    // outright (`%00`): refused here, before any path is built from it.
    if (UNSAFE_PATH_CHARACTER.test(path)) {
      throw new ServerError('SERVER_BAD_URL', 'The path holds a control character or a backslash.');
    }
    const full = resolve(join(root, ...path.split('/')));
    const type = TYPES[extname(full).toLowerCase()];
    if (!type || !full.startsWith(root + sep)) return notFound(reply, path);
    try {
      return sendCached(request, reply, await readFile(full), type);
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'EISDIR'
      )
        return notFound(reply, path);
      throw error;
    }
  }

  function notFound(reply: FastifyReply, path: string): FastifyReply {
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ error: { code: 'SERVER_NOT_FOUND', message: `No file /${path}.` } });
  }

  for (const file of ['api.json', 'llms.txt', 'llms-full.txt']) {
    app.get(`/${file}`, { schema: hidden }, async (request, reply) => {
      try {
        return await sendFile(request, reply, file);
      } catch (error) {
        return context.sendError(reply, error);
      }
    });
  }
  app.get('/docs-assets/site.css', { schema: hidden }, async (request, reply) =>
    sendCached(request, reply, SITE_CSS, 'text/css; charset=utf-8'),
  );
  app.get('/docs-assets/site.js', { schema: hidden }, async (request, reply) =>
    sendCached(request, reply, SITE_JS, 'text/javascript; charset=utf-8'),
  );
  app.get('/docs', { schema: hidden }, async (_request, reply) => reply.redirect('/docs/'));
  app.get<{ Params: { '*': string }; Querystring: { q?: string } }>(
    '/docs/*',
    { schema: hidden },
    async (request, reply) => {
      const path = request.params['*'];
      try {
        if (extname(path) !== '') return await sendFile(request, reply, `docs/${path}`);
        const reader = await context.reader();
        reply.header(
          'content-security-policy',
          "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
        );
        const query = typeof request.query.q === 'string' ? request.query.q.trim().slice(0, 500) : '';
        if (path === '' && query !== '')
          return sendCached(
            request,
            reply,
            renderSearchHtml(reader, reader.search({ query, limit: 20 })),
            HTML,
          );
        const id = path === '' ? 'home' : path.replace(/\/+$/, '');
        try {
          return sendCached(request, reply, renderPageHtml(reader, reader.getPage(id).page), HTML);
        } catch (error) {
          if (!isDocsError(error, 'DOCS_PAGE_NOT_FOUND')) throw error;
          const suggestions = suggestNames(
            id,
            reader.pages.map((page) => page.id),
          );
          return reply
            .code(404)
            .header('cache-control', 'no-store')
            .type(HTML)
            .send(renderNotFoundHtml(reader, id, suggestions));
        }
      } catch (error) {
        return context.sendError(reply, error);
      }
    },
  );
}
