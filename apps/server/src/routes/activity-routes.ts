import {
  ActivityError,
  type GeneratePageArgs,
  listKinds,
  type TrimName,
  validatePage,
} from '@svc/activity-core';
import type { FastifyPluginAsync } from 'fastify';
import { generatePageFor, printPageFor } from '../activity/activity-actions.js';
import { toActivityErrorPayload } from '../activity/activity-errors.js';
import { PAGE_COLLECTION } from '../activity/book-export.js';
import type { ActivityServices } from '../activity/create-activity-services.js';
import { statusOf } from '../errors/status-table.js';
import { requireAuth } from '../plugins/guards.js';
import { registerBookRoutes } from './activity-book-routes.js';
import { activityRateLimit } from './activity-rate-limits.js';
import { generateSchema, kindsSchema, printSchema, savePageSchema } from './activity-route-schemas.js';

/** Options of {@link activityRoutes}. */
export interface ActivityRoutesOptions {
  activity: Pick<ActivityServices, 'jobs' | 'storage' | 'worker'>;
}

// The print document is served from the API's origin: it may hold user text (titles, word
// lists), so it gets no power to run scripts or load anything even if escaping ever failed.
const PRINT_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

interface PrintBody {
  kind: string;
  doc: Record<string, unknown>;
  trim: TrimName;
  key?: boolean;
  largePrint?: boolean;
  title?: string;
}

interface SavePageBody {
  kind: string;
  doc: Record<string, unknown>;
  seed?: string | number;
  summary?: string;
  title?: string;
}

/**
 * The activity pages routes under `/api/activity`: kinds, generate, print, save pages, books,
 * export jobs and downloads. Activity errors (`ACT_*`) are translated here into the one error
 * shape with the status from the status table; every other error goes to the server's handler.
 *
 * @example
 * await app.register(activityRoutes, { prefix: '/api/activity', activity });
 * // POST /api/activity/pages/generate { "kind": "maze", "seed": 7 } → 200 { "page": { "kind": "maze", … } }
 */
export const activityRoutes: FastifyPluginAsync<ActivityRoutesOptions> = async (app, options) => {
  app.setErrorHandler((error, _request, reply) => {
    const payload = toActivityErrorPayload(error);
    if (!payload) throw error;
    return reply.status(statusOf(payload.code)).type('application/json').send({ error: payload });
  });

  const kinds = listKinds();
  app.get('/kinds', { schema: kindsSchema }, async () => ({ kinds }));

  app.post<{ Body: GeneratePageArgs }>(
    '/pages/generate',
    { schema: generateSchema, config: { rateLimit: activityRateLimit('generate') } },
    async (request) => ({ page: generatePageFor(request.user, request.body) }),
  );

  app.post<{ Body: PrintBody }>(
    '/pages/print',
    { schema: printSchema, config: { rateLimit: activityRateLimit('print') } },
    async (request, reply) => {
      const { html, watermarked } = printPageFor(request.user, request.body);
      return reply
        .headers({ ...PRINT_HEADERS, 'x-svc-watermarked': String(watermarked) })
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

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

  registerBookRoutes(app, options.activity);
};
