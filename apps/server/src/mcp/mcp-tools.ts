import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { isGateError, type RequestUser } from '@svc/gate';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { toActivityErrorPayload } from '../activity/activity-errors.js';
import { toDreamerErrorPayload } from '../dreamer/dreamer-errors.js';

/** What a tool module is given for one MCP request. */
export interface McpToolContext {
  /** The caller, from the session cookie or API key exactly as on every other route; null when anonymous. */
  user: RequestUser | null;
  /** The server, for the gate (`app.gate`), the database and the configuration. */
  app: FastifyInstance;
  /** The request's logger (its lines carry the request id). */
  log: FastifyBaseLogger;
}

/**
 * Registers a group of tools on a fresh per-request server. The MCP endpoint takes a list of
 * these; an area adds its tools by adding its module to that list in `buildServer`.
 *
 * @example
 * export const registerWeatherTools: McpToolModule = (server, context) => {
 *   server.registerTool('forecast', { inputSchema: z.object({ city: z.string() }) }, async ({ city }) =>
 *     runTool(context, async () => toJsonResult(await readForecast(city))));
 * };
 */
export type McpToolModule = (server: McpServer, context: McpToolContext) => void;

/**
 * A tool result holding `value` as JSON text (what every svc tool returns), plus any extra
 * content blocks (an embedded HTML or PDF resource).
 *
 * @example
 * return toJsonResult({ kinds: listKinds() });
 */
export function toJsonResult(value: unknown, extra: CallToolResult['content'] = []): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }, ...extra] };
}

/** A tool error in the server's one error shape, as JSON text, flagged `isError`. */
function toErrorResult(error: {
  code: string;
  message: string;
  details?: Record<string, unknown> | undefined;
}) {
  const body = {
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  };
  return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify({ error: body }) }] };
}

/**
 * Runs a tool's work and turns expected failures — gate errors (`GATE_UNAUTHENTICATED` for a
 * tool that needs an account), activity errors (`ACT_*`) and dreamer errors (`DREAM_*`) — into an `isError` result in the
 * one error shape. Anything else is logged and answered as `SERVER_INTERNAL` without its message.
 *
 * @example
 * async (args) => runTool(context, () => toJsonResult(generatePageFor(context.user, args)))
 */
export async function runTool(
  context: McpToolContext,
  work: () => CallToolResult | Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (isGateError(error)) return toErrorResult(error);
    const payload = toActivityErrorPayload(error) ?? toDreamerErrorPayload(error);
    if (payload) return toErrorResult(payload);
    context.log.error({ err: error }, 'mcp tool failed');
    return toErrorResult({ code: 'SERVER_INTERNAL', message: 'Internal error.' });
  }
}
