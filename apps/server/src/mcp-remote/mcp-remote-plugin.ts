import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import type { RemoteMcpServerConfig } from '../config/mcp-remote-config.js';
import { errorResponseSchema } from '../errors/error-body.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { requireAuth } from '../plugins/guards.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';
import { createRemoteMcpConnection } from './remote-mcp-connection.js';
import { createRemoteMcpSource } from './remote-mcp-source.js';

/** How often servers that are down are tried again. */
export const RECONNECT_INTERVAL_MS = 30_000;

const statusSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['mcp'],
  summary: 'The remote MCP servers this install lists (SVC_MCP_SERVERS): available or not, and why',
  response: {
    200: {
      type: 'object',
      required: ['servers'],
      properties: {
        servers: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'status'],
            properties: {
              name: { type: 'string' },
              status: { type: 'string', enum: ['connecting', 'available', 'unavailable'] },
              reason: { type: 'string' },
              tools: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    401: errorResponseSchema,
  },
} as const;

/**
 * Remote MCP tools as one area: a connection per configured server (the official SDK client),
 * made when the server is ready and retried every {@link RECONNECT_INTERVAL_MS} while down;
 * the registry source of `mcp.<server>.<tool>`; `GET` under the prefix for each server's state
 * (URLs and headers are never shown).
 *
 * @example
 * await app.register(mcpRemotePlugin, { prefix: '/api/mcp-servers', servers: config.mcpServers });
 */
export const mcpRemotePlugin = fastifyPlugin<{
  servers: readonly RemoteMcpServerConfig[];
}>(
  async (app, options) => {
    const connections = options.servers.map((server) => createRemoteMcpConnection(server));
    app.capabilities.addSource(createRemoteMcpSource(connections, app.capabilities.userSchemas));
    const refreshDown = async (): Promise<void> => {
      await Promise.all(
        connections
          .filter((connection) => connection.state().status !== 'available')
          .map(async (connection) => {
            const state = await connection.refresh();
            if (state.status === 'unavailable')
              app.log.warn(
                { server: connection.config.name, reason: state.reason },
                'remote MCP server unavailable',
              );
          }),
      );
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    app.addHook('onReady', async () => {
      if (connections.length === 0) return;
      await refreshDown();
      timer = setInterval(() => void refreshDown(), RECONNECT_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await Promise.all(connections.map((connection) => connection.close()));
    });
    app.get('', { schema: statusSchema, preValidation: requireAuth }, async () => ({
      servers: connections.map((connection) => {
        const state = connection.state();
        return {
          name: connection.config.name,
          status: state.status,
          ...(state.status === 'unavailable' ? { reason: state.reason } : {}),
          ...(state.status === 'available' ? { tools: state.tools.map((tool) => tool.name) } : {}),
        };
      }),
    }));
  },
  { name: 'svc-mcp-remote', dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN], encapsulate: true },
);
