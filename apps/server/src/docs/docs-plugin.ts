import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { type DocsReader, isDocsError } from '@svc/docs-reader';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import type { CapabilityProvider } from '../capabilities/capability-types.js';
import { toErrorPayload } from '../errors/error-payload.js';
import { isServerError, ServerError } from '../errors/server-error.js';
import { statusOf } from '../errors/status-table.js';
import { registerDocsApiRoutes, siteUrlOf } from './docs-api-routes.js';
import { chooseSiteDir } from './docs-bundled-site.js';
import { createDocsCapabilities, DOCS_TOOL_CALLS_PER_MINUTE } from './docs-capabilities.js';
import type { DocsRouteContext } from './docs-route-context.js';
import { createDocsSearchCapability, DOCS_READER_PROVIDER } from './docs-search-capability.js';
import { registerDocsSiteRoutes } from './docs-site-routes.js';
import { createGrepThread } from './grep-thread.js';
import { setOpenCors } from './http-cache.js';
import { canBuildInBackground, type DocsSiteOptions, openDocsSite } from './open-docs-site.js';

/** Options of {@link docsPlugin}. */

export interface DocsPluginOptions extends Partial<DocsSiteOptions> {
  /** `SVC_DATA_DIR`: without `siteDir`, the site built with the server package is served, else `<dataDir>/docs-site`. */
  dataDir: string;
  /** Start opening (and if needed building) the site when the server starts, in the background, rather than on the first docs request; true outside tests. */
  warmAtStart?: boolean;
}

/**
 * The reference read API and docs site, self-contained (register it at the root, without a
 * prefix): `/api/docs/search|page|packages|symbol`, the static files `/api.json`, `/llms.txt`,
 * `/llms-full.txt` and `/docs/*` (`.md`, `.json`, assets), and the HTML site at `/docs/` (a page
 * at `/docs/{page_id}`). Unauthenticated, CORS-open, publicly cacheable with ETags. The site is
 * the one the server package's build wrote (`dist/docs-site`) when its inputs' fingerprint
 * matches; otherwise it is built into `<dataDir>/docs-site` (`chooseSiteDir`). The docs tools join the registry as `docs.*`,
 * and the site's index serves the vendor-neutral `docs.search` (provider `docs-reader`).
 *
 * @example
 * await app.register(docsPlugin, { dataDir: config.dataDir, warmAtStart: config.env !== 'test' });
 */
export const docsPlugin = fastifyPlugin<DocsPluginOptions>(
  async (app, options) => {
    // The site built with the server package when it matches, else <dataDir>/docs-site (built there).
    const { siteDir, bundled } = options.siteDir
      ? { siteDir: options.siteDir, bundled: false }
      : await chooseSiteDir(options);
    let opening: Promise<DocsReader | undefined> | undefined;
    // What the last attempt to open the site found, for `PROVIDERS FOR docs.search`.
    let state: 'unopened' | 'ready' | 'missing' | 'failed' = 'unopened';
    const workers = new Set<Worker>();
    const grep = createGrepThread(siteDir);
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
      await Promise.all([...workers].map((worker) => worker.terminate()));
      await grep.close();
    });
    const open = () => {
      opening ??= openDocsSite({ ...options, siteDir, current: bundled }, app.log, workers).then(
        (reader) => {
          state = reader ? 'ready' : 'missing';
          return reader;
        },
        (error: unknown) => {
          if (closing) return undefined;
          app.log.error({ err: error }, 'docs site failed to build or load');
          state = 'failed';
          opening = undefined;
          return undefined;
        },
      );
      return opening;
    };
    const context: DocsRouteContext = {
      siteDir,
      async reader() {
        const reader = await open();
        if (!reader)
          throw new ServerError('DOCS_UNAVAILABLE', 'The docs site is not available on this server.');
        return reader;
      },
      sendError(reply, error) {
        if (!isDocsError(error) && !isServerError(error)) throw error;
        const payload = toErrorPayload(error);
        if (!payload) throw error;
        reply.header('cache-control', 'no-store');
        return reply
          .code(statusOf(payload.code))
          .type('application/json; charset=utf-8')
          .send({ error: payload });
      },
    };
    // Not awaited: a server starting without a site answers at once; docs requests wait for the build.
    // From sources (tests) a build would run on the main thread and outlive the server: there the
    // site opens on the first docs request only.
    if (options.warmAtStart && canBuildInBackground()) app.addHook('onReady', async () => void open());
    app.addHook('onRequest', async (_request: FastifyRequest, reply: FastifyReply) => setOpenCors(reply));
    // Preflight for cross-origin readers that send If-None-Match.
    const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
        .header('access-control-allow-headers', 'If-None-Match, Content-Type')
        .header('access-control-max-age', '86400')
        .send();
    for (const path of ['/api/docs/*', '/docs/*', '/api.json', '/llms.txt', '/llms-full.txt']) {
      app.options(path, { schema: { hide: true } }, preflight);
    }
    for (const capability of createDocsCapabilities(() => context.reader(), grep)) {
      app.capabilities.register(capability);
    }
    const publicUrl = app.svcConfig.publicUrl;
    app.capabilities.register(
      createDocsSearchCapability({
        reader: () => context.reader(),
        describe: () => describeDocsReader(state, siteDir),
        urlOf: (pageId, anchor) => `${publicUrl}${siteUrlOf(pageId, anchor)}`,
        callsPerMinute: DOCS_TOOL_CALLS_PER_MINUTE,
      }),
    );
    registerDocsApiRoutes(app, context);
    registerDocsSiteRoutes(app, context);
  },
  { name: 'svc-docs', dependencies: [CAPABILITIES_PLUGIN, '@fastify/rate-limit'], encapsulate: true },
);

/** The `docs-reader` provider of `docs.search`: available once the site is built (or loaded). */
function describeDocsReader(
  state: 'unopened' | 'ready' | 'missing' | 'failed',
  siteDir: string,
): CapabilityProvider {
  const provider = { provider: DOCS_READER_PROVIDER, kind: 'built-in' };
  if (state === 'ready' || (state === 'unopened' && existsSync(join(siteDir, 'docs', 'index.json'))))
    return { ...provider, available: true, note: "the index of this server's docs site" };
  const note = {
    unopened: 'the docs site is not built yet; the first docs request builds it',
    missing: 'this server has no docs site and no docs source to build one from',
    failed: 'the docs site could not be built or loaded (see the server log)',
  }[state as 'unopened' | 'missing' | 'failed'];
  return { ...provider, available: false, note };
}
