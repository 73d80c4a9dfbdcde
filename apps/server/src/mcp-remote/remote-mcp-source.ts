import type { CapabilitySource } from '../capabilities/capability-source.js';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import type { SchemaBounds } from '../capabilities/schema-bounds.js';
import type { UserSchemas } from '../capabilities/user-schemas.js';
import { CapabilityError } from '../errors/capability-error.js';
import type { RemoteMcpConnection, RemoteTool } from './remote-mcp-connection.js';

/** A remote tool call's deadline. */
export const REMOTE_TOOL_TIMEOUT_MS = 60_000;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
/**
 * A remote tool's input schema: 64 KiB of JSON, 32 levels (a tool schema is often larger than a
 * stored function's; it is still outside input, compiled like one).
 */
export const REMOTE_SCHEMA_BOUNDS: SchemaBounds = { maxBytes: 64 * 1024, maxDepth: 32 };

/**
 * A remote tool's schema as the registry can use it: `type: 'object'`, without a `$schema` of
 * another dialect, within {@link REMOTE_SCHEMA_BOUNDS} and compiling on the schema thread (once
 * per distinct schema: the verdict is cached by content).
 */
async function toInputSchema(
  tool: RemoteTool,
  schemas: UserSchemas,
): Promise<Record<string, unknown> | undefined> {
  const { $schema: _dialect, $id: _id, ...schema } = tool.inputSchema ?? {};
  if (schema.type !== 'object') return undefined;
  return (await schemas.check(schema, REMOTE_SCHEMA_BOUNDS)).length === 0 ? schema : undefined;
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
async function capabilitiesOf(connection: RemoteMcpConnection, schemas: UserSchemas): Promise<Capability[]> {
  const state = connection.state();
  if (state.status !== 'available') return [];
  const capabilities: Capability[] = [];
  for (const tool of state.tools) {
    const input = TOOL_NAME.test(tool.name) ? await toInputSchema(tool, schemas) : undefined;
    if (input !== undefined) capabilities.push(toCapability(connection, tool, input));
  }
  return capabilities;
}

/**
 * The registry source of `mcp.<server>.<tool>`: the tools the configured servers listed when
 * last reached. A server that is down lists nothing; a call to one of its tools is
 * `CAP_UPSTREAM_FAILED` naming the server and why, never an error elsewhere.
 *
 * @example
 * registry.addSource(createRemoteMcpSource(connections, registry.userSchemas));
 */
export function createRemoteMcpSource(
  connections: readonly RemoteMcpConnection[],
  schemas: UserSchemas,
): CapabilitySource {
  return {
    prefix: 'mcp.',
    outsideSchemas: true,
    list: async () =>
      (await Promise.all(connections.map((connection) => capabilitiesOf(connection, schemas)))).flat(),
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
      return (await capabilitiesOf(connection, schemas)).find((capability) => capability.id === id);
    },
  };
}
