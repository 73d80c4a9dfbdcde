import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { requireAuth, requireDeveloper } from '../plugins/guards.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

/** Key verifications per client IP per minute: enough for tooling, too few to guess anything. */
export const KEY_VERIFY_RATE_LIMIT = 30;

/** Creating keys takes a session: an API key cannot create keys. */
const SESSION_ONLY: ReadonlyArray<Record<string, readonly string[]>> = [{ cookieAuth: [] }];

const publicApiKeySchema = {
  type: 'object',
  required: ['id', 'userId', 'name', 'prefix', 'createdAt', 'lastUsedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'Public id (the middle part of the key).' },
    userId: { type: 'string' },
    name: { type: 'string' },
    prefix: { type: 'string', description: 'The first 12 characters of the key.' },
    createdAt: { type: 'integer', description: 'Epoch milliseconds.' },
    lastUsedAt: {
      type: ['integer', 'null'],
      description: 'Epoch milliseconds, precise to a minute; null if never used.',
    },
  },
} as const;

const createSchema = {
  security: SESSION_ONLY,
  tags: ['keys'],
  summary: 'Create an API key (developers, signed in with a session); the key is returned only here',
  body: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
  },
  response: {
    201: {
      type: 'object',
      required: ['key', 'apiKey'],
      additionalProperties: false,
      properties: {
        key: { type: 'string', description: 'svc_<publicId>_<secret>. Store it now.' },
        apiKey: publicApiKeySchema,
      },
    },
    ...commonErrorResponses,
    409: errorResponseSchema,
  },
} as const;

const listSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['keys'],
  summary: "List the caller's live API keys (admins: every user's with ?all=true)",
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { all: { type: 'boolean', default: false } },
  },
  response: {
    200: {
      type: 'object',
      required: ['keys'],
      additionalProperties: false,
      properties: { keys: { type: 'array', items: publicApiKeySchema } },
    },
    ...commonErrorResponses,
  },
} as const;

const removeSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['keys'],
  summary: 'Revoke an API key at once (owner or admin)',
  params: {
    type: 'object',
    required: ['id'],
    // Key ids are base62: anything else (a NUL, which PostgreSQL refuses in text) is not one.
    properties: { id: { type: 'string', pattern: '^[0-9A-Za-z]{1,64}$' } },
  },
  response: {
    204: { description: 'Revoked.', type: 'null' },
    ...commonErrorResponses,
  },
} as const;

const verifySchema = {
  tags: ['keys'],
  summary: 'Check an API key (public, rate-limited); a bad key answers only { valid: false }',
  body: {
    type: 'object',
    required: ['key'],
    additionalProperties: false,
    properties: { key: { type: 'string', maxLength: 256 } },
  },
  response: {
    200: {
      type: 'object',
      required: ['valid'],
      additionalProperties: false,
      properties: { valid: { type: 'boolean' }, keyId: { type: 'string' }, userId: { type: 'string' } },
    },
    400: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

/**
 * `POST /keys`, `GET /keys`, `DELETE /keys/{id}` and `POST /keys/verify`. Register with prefix
 * `/keys`. The service re-checks every rule, so these handlers only translate.
 *
 * @example
 * await app.register(keyRoutes, { prefix: '/keys' });
 * // POST /keys { "name": "CI" } → 201 { "key": "svc_…", "apiKey": { "id": "…", "prefix": "svc_…", … } }
 */
export const keyRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { name: string } }>(
    '',
    { schema: createSchema, preValidation: requireDeveloper },
    async (request, reply) => {
      const created = await app.gate.keys.create({ user: request.user, name: request.body.name });
      return reply.status(201).send(created);
    },
  );

  app.get<{ Querystring: { all?: boolean } }>(
    '',
    { schema: listSchema, preValidation: requireAuth },
    async (request) => ({
      keys: await app.gate.keys.list({ user: request.user, all: request.query.all === true }),
    }),
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { schema: removeSchema, preValidation: requireAuth },
    async (request, reply) => {
      const user = request.user;
      // An admin removing someone else's key acts on that person: the audit log records it.
      const owned =
        user?.isAdmin === true
          ? await app.database.db
              .selectFrom('api_keys')
              .select(['user_id', 'name', 'prefix'])
              .where('id', '=', request.params.id)
              .where('revoked_at', 'is', null)
              .executeTakeFirst()
          : undefined;
      await app.gate.keys.remove({ user, id: request.params.id });
      if (user && owned && owned.user_id !== user.id)
        await app.adminAudit.record({
          actor: user,
          action: 'user.key.revoked',
          targetUserId: owned.user_id,
          details: { keyId: request.params.id, name: owned.name, prefix: owned.prefix },
        });
      return reply.status(204).send();
    },
  );

  app.post<{ Body: { key: string } }>(
    '/verify',
    {
      schema: verifySchema,
      config: {
        rateLimit: {
          max: KEY_VERIFY_RATE_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => request.ip,
        },
      },
    },
    async (request) => app.gate.keys.verify({ key: request.body.key }),
  );
};
