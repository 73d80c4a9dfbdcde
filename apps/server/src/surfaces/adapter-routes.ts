import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { abortOnDisconnect } from '../plugins/abort-on-disconnect.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { requireAuth, requirePermission } from '../plugins/guards.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';
import { replyWithError } from '../plugins/reply-with-error.js';
import { toAdapterSystems } from './adapter-listing.js';

const NAME = { type: 'string', minLength: 1, maxLength: 64 } as const;

/**
 * The body limit of a call: the same 4 MiB as `/mcp`, so the largest argument a capability
 * accepts (`pdf.render`'s 2 MiB characters of HTML, JSON-escaped) reaches it on both surfaces.
 * The capability's own schema bounds each argument.
 */
export const ADAPTER_CALL_BODY_LIMIT = 4 * 1024 * 1024;
const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;

const listSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['adapters'],
  summary: 'List the adapter systems, their functions, argument schemas and policies',
  response: {
    200: {
      type: 'object',
      required: ['systems'],
      properties: {
        systems: {
          type: 'array',
          items: {
            type: 'object',
            required: ['system', 'functions'],
            properties: {
              system: { type: 'string' },
              functions: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'id', 'title', 'description', 'argsSchema', 'policy'],
                  properties: {
                    name: { type: 'string' },
                    id: { type: 'string' },
                    title: { type: 'string' },
                    description: { type: 'string' },
                    argsSchema: OPEN_OBJECT,
                    policy: OPEN_OBJECT,
                  },
                },
              },
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
  tags: ['adapters'],
  summary: 'Run the capability {system}.{fn} with JSON arguments',
  description:
    "The body is the arguments object, validated against the capability's input schema (400 CAP_INVALID_ARGS). Needs the run_adapter permission, then the capability's own policy; charged the meter target tool:{system}.{fn}.",
  params: { type: 'object', required: ['system', 'fn'], properties: { system: NAME, fn: NAME } },
  body: OPEN_OBJECT,
  response: {
    200: { type: 'object', required: ['result'], properties: { result: {} } },
    ...commonErrorResponses,
    402: errorResponseSchema,
    422: errorResponseSchema,
    499: errorResponseSchema,
    501: errorResponseSchema,
    502: errorResponseSchema,
    504: errorResponseSchema,
  },
} as const;

/**
 * `GET /api/adapters` and `POST /api/adapters/{system}/{fn}`: a translator onto the capability
 * registry. The route itself needs `run_adapter` (the developer surface); the call is
 * `invoke('{system}.{fn}', body)` on the `adapter-route` surface, which charges the meter.
 * The answer is `{ result }`, or the error payload with its status. Register with prefix `/api/adapters`.
 *
 * @example
 * await app.register(adapterRoutes, { prefix: '/api/adapters' });
 * // POST /api/adapters/spec/validate { "spec": "openapi: 3.0.3 …" } → 200 { "result": { "valid": true, … } }
 */
export const adapterRoutes = fastifyPlugin(
  async (app) => {
    const registry = app.capabilities;
    app.get('', { schema: listSchema, preValidation: requireAuth }, async () => ({
      systems: toAdapterSystems(registry.list()),
    }));
    app.post<{ Params: { system: string; fn: string }; Body: Record<string, unknown> | undefined }>(
      '/:system/:fn',
      {
        schema: callSchema,
        preValidation: requirePermission('run_adapter'),
        bodyLimit: ADAPTER_CALL_BODY_LIMIT,
      },
      async (request, reply) => {
        const { system, fn } = request.params;
        const outcome = await registry.invoke(`${system}.${fn}`, request.body ?? {}, {
          user: request.user,
          surface: 'adapter-route',
          signal: abortOnDisconnect(reply),
          client: request.ip,
          log: request.log,
        });
        if (!outcome.ok) return replyWithError(reply, outcome.error);
        return { result: outcome.result ?? null };
      },
    );
  },
  { name: 'svc-adapter-routes', dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN], encapsulate: true },
);
