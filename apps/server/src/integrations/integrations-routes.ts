import type { FastifyPluginAsync } from 'fastify';
import { INTEGRATION_NAME_PATTERN } from '../contracts/webhook-contract.js';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { requireAuth } from '../plugins/guards.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';
import type { IntegrationStore } from './integration-store.js';

const INTEGRATION = {
  type: 'object',
  required: ['id', 'name', 'url', 'createdAt', 'capability'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    url: { type: 'string' },
    createdAt: { type: 'number' },
    capability: { type: 'string' },
  },
} as const;

const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', pattern: INTEGRATION_NAME_PATTERN.source } },
} as const;

const createSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['integrations'],
  summary: 'Store an outgoing signed webhook { name, url, secret? }; the secret is answered this once',
  body: {
    type: 'object',
    required: ['name', 'url'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', pattern: INTEGRATION_NAME_PATTERN.source },
      url: { type: 'string', maxLength: 2000 },
      secret: { type: 'string', maxLength: 200, description: 'whsec_<base64>; generated when absent.' },
    },
  },
  response: {
    201: {
      type: 'object',
      required: ['integration', 'secret'],
      properties: { integration: INTEGRATION, secret: { type: 'string' } },
    },
    ...commonErrorResponses,
    409: errorResponseSchema,
    413: errorResponseSchema,
  },
} as const;

const listSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['integrations'],
  summary: "The caller's webhooks (never their secrets)",
  response: {
    200: {
      type: 'object',
      required: ['integrations'],
      properties: { integrations: { type: 'array', items: INTEGRATION } },
    },
    401: errorResponseSchema,
  },
} as const;

const deleteSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['integrations'],
  summary: 'Delete one of the caller’s webhooks',
  params: NAME_PARAMS,
  response: { 204: { type: 'null' }, ...commonErrorResponses },
} as const;

const withCapability = <T extends { name: string }>(integration: T) => ({
  ...integration,
  capability: `integrations.${integration.name}`,
});

/**
 * `POST`, `GET /api/integrations` and `DELETE /api/integrations/{name}` (register with that
 * prefix): a user's outgoing webhooks. The secret is answered once, by the POST; no read
 * returns it again. Calls go through the capability `integrations.<name>`.
 *
 * @example
 * await app.register(integrationsRoutes, { prefix: '/api/integrations', store });
 */
export const integrationsRoutes: FastifyPluginAsync<{ store: IntegrationStore }> = async (app, { store }) => {
  app.post<{ Body: { name: string; url: string; secret?: string } }>(
    '',
    { schema: createSchema, preValidation: requireAuth },
    async (request, reply) => {
      const owner = (request.user as { id: string }).id;
      const { secret, owner: _owner, ...integration } = await store.create(owner, request.body);
      return reply.status(201).send({ integration: withCapability(integration), secret });
    },
  );
  app.get('', { schema: listSchema, preValidation: requireAuth }, async (request) => ({
    integrations: (await store.list((request.user as { id: string }).id)).map(withCapability),
  }));
  app.delete<{ Params: { name: string } }>(
    '/:name',
    { schema: deleteSchema, preValidation: requireAuth },
    async (request, reply) => {
      await store.remove((request.user as { id: string }).id, request.params.name);
      return reply.status(204).send();
    },
  );
};
