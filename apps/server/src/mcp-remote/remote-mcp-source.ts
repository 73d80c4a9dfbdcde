import { Ajv } from 'ajv';
import { CapabilityError } from '../capabilities/capability-error.js';
import type { CapabilitySource } from '../capabilities/capability-source.js';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import type { RemoteMcpConnection, RemoteTool } from './remote-mcp-connection.js';

/** A remote tool call's deadline. */
export const REMOTE_TOOL_TIMEOUT_MS = 60_000;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
// Only to check a remote schema compiles before the registry is asked to validate with it.
const schemaChecker = new Ajv({ strict: false });

/** A remote tool's schema as the registry can use it: `type: 'object'`, without a `$schema` of another dialect. */
function toInputSchema(tool: RemoteTool): Record<string, unknown> | undefined {
  const { $schema: _dialect, $id: _id, ...schema } = tool.inputSchema ?? {};
  if (schema.type !== 'object') return undefined;
  try {
    schemaChecker.compile(schema);
    schemaChecker.removeSchema(schema);
    return schema;
  } catch {
    return undefined;
  }
}

/** The text of a tool result's text blocks, for error messages. */
const textOf = (result: Record<string, unknown>): string =>
  (Array.isArray(result.content) ? result.content : [])
    .filter((block: { type?: unknown }) => block.type === 'text')
    .map((block: { text?: unknown }) => String(block.text))
    .join('\n')
    .slice(0, 1000);

function toCapability(
  connection: RemoteMcpConnection,
  tool: RemoteTool,
  input: Record<string, unknown>,
): Capability {
  const server = connection.config.name;
  const id = `mcp.${server}.${tool.name}`;
  return defineCapability<Record<string, unknown>, unknown>({
    id,
    plane: 'mcp',
    title: tool.title ?? tool.name,
    description: tool.description ?? `The tool ${tool.name} of the MCP server ${server}.`,
    input,
    policy: { access: 'account', meter: `tool:${id}` },
    timeoutMs: REMOTE_TOOL_TIMEOUT_MS,
    async run(args, context) {
      let result: Record<string, unknown>;
      try {
        result = await connection.callTool(tool.name, args, context.signal, REMOTE_TOOL_TIMEOUT_MS);
      } catch (error) {
        if (context.signal.aborted) throw context.signal.reason;
        throw new CapabilityError(
          'CAP_UPSTREAM_FAILED',
          `The MCP server ${server} failed: ${(error as Error).message}`,
          {
            details: { server, tool: tool.name },
          },
        );
      }
      if (result.isError === true) {
        throw new CapabilityError(
          'CAP_UPSTREAM_FAILED',
          `The tool ${tool.name} of ${server} failed: ${textOf(result)}`,
          {
            details: { server, tool: tool.name },
          },
        );
      }
      return {
        content: result.content ?? [],
        ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }),
      };
    },
  });
}

/** The tools of one connection that can be capabilities (a usable name and object schema). */
function capabilitiesOf(connection: RemoteMcpConnection): Capability[] {
  const state = connection.state();
  if (state.status !== 'available') return [];
  return state.tools.flatMap((tool) => {
    const input = TOOL_NAME.test(tool.name) ? toInputSchema(tool) : undefined;
    return input === undefined ? [] : [toCapability(connection, tool, input)];
  });
}

/**
 * The registry source of `mcp.<server>.<tool>`: the tools the configured servers listed when
 * last reached. A server that is down lists nothing; a call to one of its tools is
 * `CAP_UPSTREAM_FAILED` naming the server and why, never an error elsewhere.
 *
 * @example
 * registry.addSource(createRemoteMcpSource(connections));
 */
export function createRemoteMcpSource(connections: readonly RemoteMcpConnection[]): CapabilitySource {
  return {
    prefix: 'mcp.',
    list: async () => connections.flatMap(capabilitiesOf),
    async resolve(id) {
      const connection = connections.find((candidate) => id.startsWith(`mcp.${candidate.config.name}.`));
      if (connection === undefined) return undefined;
      const state = connection.state();
      if (state.status !== 'available') {
        const reason = state.status === 'unavailable' ? state.reason : 'still connecting';
        throw new CapabilityError(
          'CAP_UPSTREAM_FAILED',
          `The MCP server ${connection.config.name} is unavailable: ${reason}`,
          {
            details: { server: connection.config.name, reason },
          },
        );
      }
      return capabilitiesOf(connection).find((capability) => capability.id === id);
    },
  };
}
