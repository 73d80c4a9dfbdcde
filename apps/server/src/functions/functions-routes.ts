import type { GateDatabase } from '@svc/gate';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { abortOnDisconnect } from '../plugins/abort-on-disconnect.js';
import { requireAuth } from '../plugins/guards.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';
import { replyWithError } from '../plugins/reply-with-error.js';
import { toFunctionId } from './function-capability.js';
import { FUNCTION_NAME_PATTERN } from './function-definition.js';
import { listFunctionEntries } from './function-source.js';

const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;

const listSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['functions'],
  summary: "The caller's function-calls: the built-in ones and their own function_calls documents",
  description:
    'Each with its JSON Schema parameters, executor and problems (empty when callable). Callable ones are also capabilities functions.<name> in GET /api/capabilities.',
  response: {
    200: {
      type: 'object',
      required: ['functions'],
      properties: {
        functions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'id', 'description', 'parameters', 'executor', 'builtIn', 'problems'],
            properties: {
              name: { type: 'string' },
              id: { type: 'string' },
              description: { type: 'string' },
              parameters: OPEN_OBJECT,
              executor: { type: 'string' },
              builtIn: { type: 'boolean' },
              documentId: { type: 'string' },
              problems: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    401: errorResponseSchema,
  },
} as const;

const callSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['functions'],
  summary: 'Call the function {name} with JSON arguments',
  description:
    "The body is validated against the function's parameters without type coercion (400 CAP_INVALID_ARGS), then the executor runs through the capability registry for the caller and is charged its meter target. The answer is one JSON document, { result }: nothing is streamed.",
  params: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', pattern: FUNCTION_NAME_PATTERN.source } },
  },
  body: OPEN_OBJECT,
  response: {
    200: { type: 'object', required: ['result'], properties: { result: {} } },
    ...commonErrorResponses,
    402: errorResponseSchema,
    499: errorResponseSchema,
    501: errorResponseSchema,
    502: errorResponseSchema,
    504: errorResponseSchema,
  },
} as const;

/**
 * `GET /api/functions` and `POST /api/functions/{name}/call` (register with that prefix): a
 * translation onto `invoke('functions.<name>')` on the `function-call` surface. A stored
 * function that cannot be called answers `CAP_NOT_FOUND` with its problems in `details`.
 *
 * @example
 * await app.register(functionsRoutes, { prefix: '/api/functions', registry, db });
 */
export const functionsRoutes: FastifyPluginAsync<{
  registry: CapabilityRegistry;
  db: Kysely<GateDatabase>;
}> = async (app, { registry, db }) => {
  app.get('', { schema: listSchema, preValidation: requireAuth }, async (request) => {
    const user = request.user;
    if (user === null) throw new TypeError('requireAuth let an anonymous caller through');
    const entries = await listFunctionEntries(registry, db, user);
    return {
      functions: entries.map(({ capability: _capability, ...entry }) => ({
        ...entry,
        id: toFunctionId(entry.name),
      })),
    };
  });
  app.post<{ Params: { name: string }; Body: Record<string, unknown> | undefined }>(
    '/:name/call',
    { schema: callSchema, preValidation: requireAuth },
    async (request, reply) => {
      const { name } = request.params;
      const outcome = await registry.invoke(toFunctionId(name), request.body ?? {}, {
        user: request.user,
        surface: 'function-call',
        signal: abortOnDisconnect(reply),
        client: request.ip,
        log: request.log,
      });
      if (outcome.ok) return { result: outcome.result ?? null };
      if (outcome.error.code === 'CAP_NOT_FOUND' && request.user !== null) {
        const entry = (await listFunctionEntries(registry, db, request.user)).find(
          (candidate) => candidate.name === name && candidate.problems.length > 0,
        );
        if (entry !== undefined) {
          return replyWithError(reply, {
            code: 'CAP_NOT_FOUND',
            message: `The function ${name} cannot be called: ${entry.problems.join(' ')}`,
            details: { problems: entry.problems },
          });
        }
      }
      return replyWithError(reply, outcome.error);
    },
  );
};
