import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../plugins/guards.js';
import { dataReadRateLimit } from './data-rate-limits.js';
import {
  cloneSchema,
  createSchema,
  getSchema,
  listSchema,
  patchSchema,
  removeSchema,
} from './data-route-schemas.js';

interface CollectionParams {
  collection: string;
}
interface DocumentParams extends CollectionParams {
  id: string;
}
type ListQuerystring = { limit?: number; cursor?: string; sort?: string } & Record<
  string,
  string | number | undefined
>;

/** Query parameters that steer the listing; every other one is a field filter. */
const LIST_CONTROLS = new Set(['limit', 'cursor', 'sort']);

/** Every query parameter but the controls, as `field → value` (built with own properties only). */
function readFilters(query: ListQuerystring): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] => !LIST_CONTROLS.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

/**
 * The data route `/db/{collection}`: list, get, create, patch, delete and clone JSON documents.
 * Register with prefix `/db`. The gate's data service decides everything (collection and
 * field validation, the deny list, `canRead` / `canWrite` / `canClone`, another user's private
 * document answering 404); these handlers only translate HTTP to it. Reads are rate-limited per
 * user, or per address when anonymous (`DATA_READ_RATE_LIMITS`).
 *
 * @example
 * await app.register(dataRoutes, { prefix: '/db' });
 * // POST /db/notes { "title": "Hi" } → 201 { "id": "…", "owner": "…", "visibility": "private", … "title": "Hi" }
 */
export const dataRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: CollectionParams; Querystring: ListQuerystring }>(
    '/:collection',
    { schema: listSchema, config: { rateLimit: dataReadRateLimit('list') } },
    async (request) => {
      const { limit, cursor, sort } = request.query;
      return app.gate.data.list({
        user: request.user,
        collection: request.params.collection,
        filters: readFilters(request.query),
        sort,
        cursor,
        limit,
      });
    },
  );

  app.get<{ Params: DocumentParams }>(
    '/:collection/:id',
    { schema: getSchema, config: { rateLimit: dataReadRateLimit('get') } },
    async (request) => app.gate.data.get({ user: request.user, ...request.params }),
  );

  app.post<{ Params: CollectionParams; Body: Record<string, unknown> }>(
    '/:collection',
    { schema: createSchema, preHandler: requireAuth },
    async (request, reply) => {
      await app.documentChecks.assertWritable(request.params.collection, request.body);
      const created = await app.gate.data.create({
        user: request.user,
        collection: request.params.collection,
        data: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.patch<{ Params: DocumentParams; Body: Record<string, unknown> }>(
    '/:collection/:id',
    { schema: patchSchema, preHandler: requireAuth },
    async (request) => {
      await app.documentChecks.assertWritable(request.params.collection, request.body);
      return app.gate.data.patch({ user: request.user, ...request.params, data: request.body });
    },
  );

  app.delete<{ Params: DocumentParams }>(
    '/:collection/:id',
    { schema: removeSchema, preHandler: requireAuth },
    async (request, reply) => {
      await app.gate.data.remove({ user: request.user, ...request.params });
      return reply.status(204).send();
    },
  );

  app.post<{ Params: DocumentParams }>(
    '/:collection/:id/clone',
    { schema: cloneSchema, preHandler: requireAuth },
    async (request, reply) => {
      const copy = await app.gate.data.clone({ user: request.user, ...request.params });
      return reply.status(201).send(copy);
    },
  );
};
