import { ActivityError, type PrintPageResult, validatePage } from '@svc/activity-core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { CapabilitySurface } from '../capabilities/capability-types.js';
import { requireAuth } from '../plugins/guards.js';
import { replyWithError } from '../plugins/reply-with-error.js';
import { isAccountKind } from './activity-access.js';
import { registerBookRoutes } from './activity-book-routes.js';
import { generateSchema, kindsSchema, printSchema, savePageSchema } from './activity-route-schemas.js';
import { PAGE_COLLECTION } from './book-export.js';
import type { ActivityServices } from './create-activity-services.js';

/** Options of {@link activityRoutes}. */
export interface ActivityRoutesOptions {
  activity: Pick<ActivityServices, 'jobs' | 'storage'>;
  /** Kinds, generate, print and export are the `activity-pages.*` capabilities: the routes call `invoke`. */
  registry: CapabilityRegistry;
}

// The print document is served from the API's origin: it may hold user text (titles, word
// lists), so it gets no power to run scripts or load anything even if escaping ever failed.
const PRINT_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

interface SavePageBody {
  kind: string;
  doc: Record<string, unknown>;
  seed?: string | number;
  summary?: string;
  title?: string;
}

/**
 * The activity pages routes under `/api/activity`: kinds, generate, print, save pages, books,
 * export jobs and downloads. Kinds, generate, print and export are the same operations as the
 * `activity-pages.*` capabilities and run through `invoke` (their rate limits and error codes
 * are the capabilities'): kinds, print and generating sudoku, wordsearch and maze — what the
 * seed opens to anonymous callers — are free; generating the other kinds and exporting are
 * charged their `tool:` price, as on the adapter route. Activity errors of the other routes
 * (`ACT_*`) reach the server's one error handler, which answers them like every coded error
 * (`toErrorPayload` and the status table).
 *
 * @example
 * await app.register(activityRoutes, { prefix: '/api/activity', activity });
 * // POST /api/activity/pages/generate { "kind": "maze", "seed": 7 } → 200 { "page": { "kind": "maze", … } }
 */
export const activityRoutes: FastifyPluginAsync<ActivityRoutesOptions> = async (app, options) => {
  const invoke = <Result>(id: string, request: FastifyRequest, surface: CapabilitySurface) =>
    options.registry.invoke<Result>(id, request.body ?? {}, {
      user: request.user,
      surface,
      client: request.ip,
      log: request.log,
    });

  // What the seed opens to anonymous callers is free here for everyone (`open-area-route`);
  // generating the account-only kinds is charged like the adapter route (`area-route`).
  app.get('/kinds', { schema: kindsSchema }, async (request, reply: FastifyReply) => {
    const outcome = await invoke('activity-pages.listKinds', request, 'open-area-route');
    return outcome.ok ? outcome.result : replyWithError(reply, outcome.error);
  });

  app.post('/pages/generate', { schema: generateSchema }, async (request, reply) => {
    const { kind } = (request.body ?? {}) as { kind?: unknown };
    const surface = isAccountKind(kind) ? 'area-route' : 'open-area-route';
    const outcome = await invoke('activity-pages.generatePage', request, surface);
    return outcome.ok ? { page: outcome.result } : replyWithError(reply, outcome.error);
  });

  app.post('/pages/print', { schema: printSchema }, async (request, reply) => {
    const outcome = await invoke<PrintPageResult & { watermarked: boolean }>(
      'activity-pages.printPage',
      request,
      'open-area-route',
    );
    if (!outcome.ok) return replyWithError(reply, outcome.error);
    const { html, watermarked } = outcome.result;
    return reply
      .headers({ ...PRINT_HEADERS, 'x-svc-watermarked': String(watermarked) })
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.post<{ Body: SavePageBody }>(
    '/pages',
    { schema: savePageSchema, preHandler: requireAuth },
    async (request, reply) => {
      const { kind, doc, seed, summary, title } = request.body;
      const checked = validatePage({ kind, doc });
      if (!checked.ok) {
        throw new ActivityError(
          'ACT_INVALID_PAGE',
          `The ${kind} page is not valid: ${checked.errors[0]?.message ?? ''}`,
          {
            issues: checked.errors,
          },
        );
      }
      const page = await app.gate.data.create({
        user: request.user,
        collection: PAGE_COLLECTION,
        data: {
          kind,
          doc,
          ...(seed === undefined ? {} : { seed: String(seed) }),
          ...(summary === undefined ? {} : { summary }),
          ...(title === undefined ? {} : { title }),
        },
      });
      return reply.status(201).send({ page });
    },
  );

  registerBookRoutes(app, options.activity, options.registry);
};
