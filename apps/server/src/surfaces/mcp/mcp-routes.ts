import { AsyncLocalStorage } from 'node:async_hooks';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../../capabilities/capabilities-plugin.js';
import { errorResponseSchema } from '../../errors/error-body.js';
import { GATE_PLUGIN } from '../../plugins/gate-plugin.js';
import { AUTHENTICATED_SECURITY } from '../../plugins/openapi-plugin.js';
import { createMcpCancellations } from './mcp-cancellations.js';
import { createMcpCapabilityServer, type McpCaller } from './mcp-capability-server.js';
import { assertMcpRequestAllowed } from './mcp-request-guard.js';

/** MCP requests per client IP per minute: each tool call is one request. */
export const MCP_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** A request body up to the SDK's own bound: an inline book of 100 pages is larger than the server's 1 MiB default. */
const MCP_BODY_LIMIT = 4 * 1024 * 1024;

const mcpSchema = (method: 'POST' | 'GET' | 'DELETE') =>
  ({
    security: [{}, ...AUTHENTICATED_SECURITY],
    tags: ['mcp'],
    summary:
      method === 'POST'
        ? 'MCP Streamable HTTP endpoint: one JSON-RPC message per request (the capabilities the caller may use, as tools: see GET /api/capabilities?format=mcp)'
        : `MCP Streamable HTTP ${method} (stateless server: answered 405 for 2025-era clients)`,
    ...(method === 'POST'
      ? { body: { description: 'A JSON-RPC 2.0 message (MCP 2025-03-26 to 2026-07-28).' } }
      : {}),
    response: {
      200: {
        description: 'The JSON-RPC response, as application/json or a text/event-stream.',
        content: {
          'application/json': { schema: { type: 'object', additionalProperties: true } },
          'text/event-stream': { schema: { type: 'string' } },
        },
      },
      202: { description: 'A notification or response accepted.', type: 'null' },
      400: {
        description: 'Malformed JSON-RPC (a JSON-RPC error body).',
        type: 'object',
        additionalProperties: true,
      },
      403: errorResponseSchema,
      405: {
        description: 'Method not allowed (a JSON-RPC error body).',
        type: 'object',
        additionalProperties: true,
      },
      429: errorResponseSchema,
    },
  }) as const;

/**
 * The server's MCP endpoint at `/mcp` (register with prefix `/mcp`): MCP Streamable HTTP through
 * the official SDK, stateless — a fresh server per request over the capability registry, for
 * that request's caller. It serves both the 2026-07-28 per-request protocol and 2025-era
 * clients (their stateless fallback). The caller is `request.user` as on every route (session
 * cookie or API key); each capability's policy decides what it needs, and `tools/list` shows
 * only what passes. Host and cross-site browser requests are checked first (403 in the one
 * error shape), then the SDK owns the response.
 *
 * @example
 * await app.register(mcpRoutes, { prefix: '/mcp' });
 */
export const mcpRoutes = fastifyPlugin(
  async (app) => {
    // The SDK builds each request's server inside the request's own async flow, so the caller is
    // carried there without passing it through the SDK's types.
    const requestContext = new AsyncLocalStorage<McpCaller>();
    // Several instances: a cancel may land on another one than its call, so cancels are broadcast.
    const cancellations = createMcpCancellations(
      app.broadcast.transport === 'in-process' ? undefined : { broadcast: app.broadcast, log: app.log },
    );
    app.addHook('onClose', async () => cancellations.close());
    const handler = createMcpHandler(
      () =>
        createMcpCapabilityServer(
          app.capabilities,
          requestContext.getStore() ?? { user: null, client: 'unknown', log: app.log },
          cancellations,
        ),
      { onerror: (error) => app.log.warn({ err: error }, 'mcp request refused or failed') },
    );
    const serve = toNodeHandler(handler, {
      maxRequestBodySize: MCP_BODY_LIMIT,
      onerror: (error) => app.log.error({ err: error }, 'mcp handler failed'),
    });
    app.addHook('onClose', async () => handler.close());

    async function handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      assertMcpRequestAllowed(request, app.svcConfig);
      reply.hijack();
      // Hijacked replies skip Fastify's hooks, so the request id header is set on the raw response.
      reply.raw.setHeader('x-request-id', request.id);
      const context: McpCaller = { user: request.user, client: request.ip, log: request.log };
      await requestContext.run(context, () => serve(request.raw, reply.raw, request.body));
    }

    const config = {
      rateLimit: { ...MCP_RATE_LIMIT, keyGenerator: (request: FastifyRequest) => request.ip },
      // A body that cannot be read (malformed, too deep, too large) answers a JSON-RPC error.
      jsonRpcErrors: true,
    };
    app.post('', { schema: mcpSchema('POST'), config, bodyLimit: MCP_BODY_LIMIT }, handle);
    app.get('', { schema: mcpSchema('GET'), config }, handle);
    app.delete('', { schema: mcpSchema('DELETE'), config }, handle);
  },
  {
    name: 'svc-mcp',
    dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN, '@fastify/rate-limit'],
    encapsulate: true,
  },
);
