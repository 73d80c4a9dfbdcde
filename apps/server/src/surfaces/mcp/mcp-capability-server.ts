import { type CallToolResult, Server, type ServerContext } from '@modelcontextprotocol/server';
import type { RequestUser } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { CapabilityRegistry } from '../../capabilities/capability-registry.js';
import type {
  Capability,
  CapabilityErrorPayload,
  CapabilityTraceEvent,
} from '../../capabilities/capability-types.js';
import { findNearMisses } from '../../capabilities/near-miss.js';
import { mcpNameOf, toMcpTool } from '../../capabilities/tool-definitions.js';
import { INTERNAL_ERROR_PAYLOAD, toErrorPayload } from '../../errors/error-payload.js';
import type { McpCancellations } from './mcp-cancellations.js';

/** The caller of one MCP request, as every route sees it. */
export interface McpCaller {
  user: RequestUser | null;
  /** The client address: the rate-limit key of `per: 'client'` capabilities. */
  client: string;
  log: FastifyBaseLogger;
}

/** Whose calls a cancel may reach: the same credential (or, anonymous, the same address). */
function cancelKeyOf(caller: McpCaller): string {
  return caller.user ? `${caller.user.id}:${caller.user.credentialId}` : `address:${caller.client}`;
}

/** A tool error in the one error shape, as JSON text, flagged `isError`. */
function toErrorResult(error: CapabilityErrorPayload): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error }) }] };
}

/** Forwards `progress` trace events as MCP progress notifications, when the client sent a token. */
function toProgressSink(context: ServerContext): (event: CapabilityTraceEvent) => void {
  const progressToken = context.mcpReq._meta?.progressToken;
  return (event) => {
    if (progressToken === undefined || event.type !== 'progress' || typeof event.progress !== 'number')
      return;
    void context.mcpReq
      .notify({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress: event.progress,
          ...(event.message ? { message: event.message } : {}),
        },
      })
      .catch(() => undefined);
  };
}

/**
 * A per-request MCP server over the capability registry (the SDK's low-level `Server`, so the
 * registry's JSON Schemas are listed as they are and validated once, by `invoke`):
 * `tools/list` lists what the caller's policy lets through; `tools/call` runs `invoke` on the
 * `mcp` surface (charged like the adapter route), cancelled by the request's own signal or a
 * `notifications/cancelled` from the same caller in another request. Results are
 * JSON text plus any embedded resources; failures are `isError` results in the one error shape.
 *
 * @example
 * createMcpHandler(() => createMcpCapabilityServer(registry, { user, client: request.ip, log }, cancellations));
 */
export function createMcpCapabilityServer(
  registry: CapabilityRegistry,
  caller: McpCaller,
  cancellations: McpCancellations,
): Server {
  const server = new Server(
    { name: 'svc', version: serverPackage.version },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setNotificationHandler('notifications/cancelled', (notification) => {
    const { requestId, reason } = notification.params;
    if (requestId !== undefined) cancellations.cancel(cancelKeyOf(caller), requestId, reason);
  });
  server.setRequestHandler('tools/list', async () => ({
    tools: (await registry.listAvailable(caller.user)).map(toMcpTool),
  }));
  server.setRequestHandler('tools/call', async (request, context) => {
    const { name } = request.params;
    let capability: Capability | undefined;
    try {
      capability = await registry.resolveByMcpName(name, caller.user);
    } catch (error) {
      // A source that knows the tool but cannot serve it now (a remote server down) says why.
      return toErrorResult(toErrorPayload(error) ?? INTERNAL_ERROR_PAYLOAD);
    }
    if (capability === undefined) {
      const suggestions = findNearMisses(name, registry.list().map(mcpNameOf));
      return toErrorResult({
        code: 'CAP_NOT_FOUND',
        message: `No tool ${name}.${suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : ''}`,
        details: { suggestions },
      });
    }
    const args = request.params.arguments ?? {};
    const tracked = cancellations.track(cancelKeyOf(caller), context.mcpReq.id, context.mcpReq.signal);
    const outcome = await registry
      .invoke(capability.id, args, {
        user: caller.user,
        surface: 'mcp',
        signal: tracked.signal,
        client: caller.client,
        log: caller.log,
        trace: toProgressSink(context),
      })
      .finally(() => tracked.done());
    if (!outcome.ok) return toErrorResult(outcome.error);
    const packaged = capability.toMcpContent?.(outcome.result, args) ?? {
      value: outcome.result ?? null,
      resources: [],
    };
    const result: CallToolResult = {
      content: [
        { type: 'text', text: JSON.stringify(packaged.value) },
        ...packaged.resources.map((resource) => ({ type: 'resource' as const, resource })),
      ],
    };
    return server.projectCallToolResult(result, undefined);
  });
  return server;
}
