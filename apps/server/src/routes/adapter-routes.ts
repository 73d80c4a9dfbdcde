import { GateError, type RequestUser } from '@svc/gate';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AdapterError, isAdapterError } from '../adapters/adapter-error.js';
import type { AdapterRegistry } from '../adapters/adapter-registry.js';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { statusOf } from '../errors/status-table.js';
import { abortOnDisconnect } from '../plugins/abort-on-disconnect.js';
import { requireAuth, requirePermission } from '../plugins/guards.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

/** One adapter call, as the `beforeCall` hook sees it: arguments validated, user authorised. */
export interface AdapterCall {
  system: string;
  fn: string;
  args: Record<string, unknown>;
  user: RequestUser;
  request: FastifyRequest;
}

/** Options of {@link adapterRoutes}. */
export interface AdapterRoutesOptions {
  registry: AdapterRegistry;
  /**
   * Runs before every HTTP adapter call, after validation; throwing refuses the call (a GateError
   * such as `GATE_INSUFFICIENT_BALANCE` keeps its status). The seam for the meter guard; calls
   * of the registry outside HTTP never pass here.
   */
  beforeCall?: (call: AdapterCall) => Promise<void>;
}

const NAME = { type: 'string', minLength: 1, maxLength: 64 } as const;

const listSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['adapters'],
  summary: 'List the adapter systems, their functions and argument schemas',
  response: {
    200: {
      type: 'object',
      required: ['systems'],
      properties: {
        systems: {
          type: 'array',
          items: {
            type: 'object',
            required: ['system', 'description', 'functions'],
            properties: {
              system: { type: 'string' },
              description: { type: 'string' },
              functions: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'description', 'argsSchema'],
                  properties: {
                    name: { type: 'string' },
                    description: { type: 'string' },
                    argsSchema: { type: 'object', additionalProperties: true },
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
  summary: 'Run an adapter function with JSON arguments',
  description:
    "The body is the arguments object, validated against the function's argsSchema (400 ADAPTER_INVALID_ARGS). Needs the run_adapter permission.",
  params: {
    type: 'object',
    required: ['system', 'fn'],
    properties: { system: NAME, fn: NAME },
  },
  body: { type: 'object', additionalProperties: true },
  response: {
    200: { type: 'object', required: ['result'], properties: { result: {} } },
    ...commonErrorResponses,
    402: errorResponseSchema,
    501: errorResponseSchema,
    502: errorResponseSchema,
  },
} as const;

function sendAdapterError(reply: FastifyReply, error: AdapterError): FastifyReply {
  const body: { error: { code: string; message: string; details?: Record<string, unknown> } } = {
    error: { code: error.code, message: error.message },
  };
  if (error.details) body.error.details = error.details;
  return reply.status(statusOf(error.code)).send(body);
}

/**
 * `GET /api/adapters` and `POST /api/adapters/{system}/{fn}` over an adapter registry. The body
 * is the arguments object; the answer is `{ result }`. Register with prefix `/api/adapters`.
 *
 * @example
 * await app.register(adapterRoutes, { prefix: '/api/adapters', registry: createAdapterRegistry() });
 * // POST /api/adapters/spec/validate { "spec": "openapi: 3.0.3 …" } → 200 { "result": { "valid": true, … } }
 */
export const adapterRoutes: FastifyPluginAsync<AdapterRoutesOptions> = async (app, options) => {
  const { registry, beforeCall } = options;

  app.get('', { schema: listSchema, preValidation: requireAuth }, async () => ({ systems: registry.list() }));

  app.post<{ Params: { system: string; fn: string }; Body: Record<string, unknown> | undefined }>(
    '/:system/:fn',
    { schema: callSchema, preValidation: requirePermission('run_adapter') },
    async (request, reply) => {
      const user = request.user;
      // The guard has run; this narrows the type and fails closed if the route is ever rewired.
      if (user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
      const { system, fn } = request.params;
      const adapterFunction = registry.get(system, fn);
      if (!adapterFunction) {
        return sendAdapterError(
          reply,
          new AdapterError('ADAPTER_NOT_FOUND', `No adapter function ${system}.${fn}.`),
        );
      }
      const args = request.body ?? {};
      // Compiled by the app's Ajv and cached per schema object, so each function compiles once.
      const validateArgs = request.compileValidationSchema(adapterFunction.argsSchema);
      if (!validateArgs(args)) {
        const issues = (validateArgs.errors ?? []).map((issue) => ({
          path: issue.instancePath,
          message: issue.message ?? 'invalid',
        }));
        const summary = issues.map((issue) => `${issue.path || '(args)'} ${issue.message}`).join('; ');
        return sendAdapterError(
          reply,
          new AdapterError('ADAPTER_INVALID_ARGS', `Bad arguments for ${system}.${fn}: ${summary}`, {
            details: { issues },
          }),
        );
      }
      try {
        await beforeCall?.({ system, fn, args, user, request });
        const result = await adapterFunction.run(args, { user, signal: abortOnDisconnect(reply) });
        return { result: result ?? null };
      } catch (error) {
        if (isAdapterError(error)) return sendAdapterError(reply, error);
        throw error;
      }
    },
  );
};
