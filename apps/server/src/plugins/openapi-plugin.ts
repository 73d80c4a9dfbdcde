import { STATUS_CODES } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import serverPackage from '../../package.json' with { type: 'json' };
import type { ServerConfig } from '../config/server-config.js';
import { errorResponseSchema } from '../errors/error-body.js';

/** The tags operations are grouped by; a route's `schema.tags` should use one of these. */
export const OPENAPI_TAGS = [
  { name: 'auth', description: 'Accounts, verification, login and sessions.' },
  { name: 'keys', description: 'API keys: create (developers), list, delete, verify.' },
  { name: 'account', description: 'Leaving: download all my data, delete my account.' },
  { name: 'data', description: 'The JSON document store at /db/{collection}, with ownership checks.' },
  {
    name: 'adapters',
    description:
      'Capabilities run through the registry at /api/adapters/{system}/{fn}, behind the run_adapter permission.',
  },
  {
    name: 'capabilities',
    description: 'What the caller may use, and the same list as OpenAI, Anthropic or MCP tool definitions.',
  },
  { name: 'tokens', description: 'The token wallet: balance, spends, history and admin grants.' },
  {
    name: 'membership',
    description: 'Paid plans through Stripe: checkout, portal, cancel, webhook, admin grants.',
  },
  { name: 'activity', description: 'Puzzle pages: generate, print, save, books and their PDF exports.' },
  {
    name: 'dreamer',
    description: 'The ideation pipeline: run (JSON or server-sent events), the default pipeline, validation.',
  },
  {
    name: 'lmx',
    description: 'The script engine: run a script in a sandboxed worker, the modes, the demos.',
  },
  {
    name: 'mcp',
    description: 'The MCP endpoint (Streamable HTTP): the capabilities the caller may use, as tools.',
  },
  {
    name: 'functions',
    description:
      'Stored function-calls: the built-in dream and your function_calls documents, callable with JSON arguments.',
  },
  {
    name: 'automations',
    description:
      'Stored automations run by the server as their owner (manual, schedule, event); runs in /db/automation_runs.',
  },
  { name: 'integrations', description: 'Your outgoing signed webhooks, callable as integrations.<name>.' },
  { name: 'health', description: 'Liveness and readiness probes.' },
  {
    name: 'admin',
    description: 'Accounts for admins: search, roles, disable, sessions, keys, grants, the audit log.',
  },
  {
    name: 'docs',
    description: 'The reference read API: search, pages, packages and symbols (unauthenticated).',
  },
] as const;

/**
 * `schema.security` for a route that accepts any credential: the session cookie or an API key
 * (bearer or header). Routes open to anonymous callers declare none.
 *
 * @example
 * app.get('/me', { schema: { security: AUTHENTICATED_SECURITY, … } }, handler);
 */
export const AUTHENTICATED_SECURITY: ReadonlyArray<Record<string, readonly string[]>> = [
  { cookieAuth: [] },
  { apiKey: [] },
  { bearer: [] },
];

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** `GET /keys/:id` → `getKeysById`: a stable id for operations that declare none. */
function toOperationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Post-processes the generated document: every inline copy of the error shape becomes a
 * reference to `components.schemas.Error`, and the generic "Default Response" descriptions
 * become the status's reason phrase.
 */
function refineDocument(document: JsonObject): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const pathItem of Object.values(paths)) {
    if (!isObject(pathItem)) continue;
    for (const operation of Object.values(pathItem)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isObject(response)) continue;
        if (response.description === 'Default Response')
          response.description = STATUS_CODES[status] ?? 'Response';
        const media = isObject(response.content) ? response.content['application/json'] : undefined;
        if (isObject(media) && isDeepStrictEqual(media.schema, errorResponseSchema)) media.schema = ERROR_REF;
      }
    }
  }
}

/**
 * Generates the OpenAPI 3.0.3 description of every route from its schemas (wrapped with
 * fastify-plugin so it sees routes registered anywhere) and serves it at `GET /openapi.json`.
 * Register it before the routes.
 *
 * @example
 * await app.register(openApiPlugin, { config });
 * // GET /openapi.json → { "openapi": "3.0.3", "info": { "title": "svc", … }, "paths": { … } }
 */
export const openApiPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: { config: ServerConfig }) => {
    const { config } = options;
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'svc',
          version: serverPackage.version,
          // Whoever runs this server answers for it; the software's licence is the project's.
          contact: { name: 'The operator of this server', url: config.publicUrl },
          license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
          description:
            'The svc server: accounts and sessions, API keys, the data route and adapters. Every error is `{ error: { code, message, details? } }`.',
        },
        servers: [{ url: config.publicUrl }],
        tags: OPENAPI_TAGS.map((tag) => ({ ...tag })),
        components: {
          securitySchemes: {
            cookieAuth: {
              type: 'apiKey',
              in: 'cookie',
              name: config.cookieName,
              description: 'The session cookie set by POST /auth/login.',
            },
            apiKey: {
              type: 'apiKey',
              in: 'header',
              name: 'x-api-key',
              description: 'An API key (svc_…) from POST /keys.',
            },
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'An API key (svc_…) as `Authorization: Bearer svc_…`.',
            },
          },
          schemas: { Error: structuredClone(errorResponseSchema) as JsonObject },
        },
      },
      transform: ({ schema, url, route }) => {
        const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
        const own = (schema ?? {}) as FastifySchema & { operationId?: string };
        return {
          schema: { ...own, operationId: own.operationId ?? toOperationId(method, url) } as FastifySchema,
          url,
        };
      },
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
        refineDocument(documentObject.openapiObject as JsonObject);
        return documentObject.openapiObject;
      },
    });

    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'svc-openapi' },
);
