import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import serverPackage from '../../package.json' with { type: 'json' };
import type { RemoteMcpServerConfig } from '../config/mcp-remote-config.js';

/** One tool of a remote server, as its `tools/list` answered it. */
export interface RemoteTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** What is known of a remote server now. */
export type RemoteServerState =
  | { status: 'connecting' }
  | { status: 'available'; tools: RemoteTool[]; checkedAt: number }
  | { status: 'unavailable'; reason: string; checkedAt: number };

/** Longest a connection and its tool listing may take. */
export const CONNECT_TIMEOUT_MS = 5000;
/** Most tool pages read from one server. */
const MAX_TOOL_PAGES = 10;

/** One remote MCP server reached with the official SDK client, reconnecting on demand. */
export interface RemoteMcpConnection {
  readonly config: RemoteMcpServerConfig;
  state(): RemoteServerState;
  /** Connects (again) and reads the tool list; never throws: a failure is the `unavailable` state. */
  refresh(): Promise<RemoteServerState>;
  /** Calls one tool; a transport failure marks the server unavailable and rethrows. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

const describeError = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * Creates the connection of one configured server. Nothing connects until `refresh()`.
 *
 * @example
 * const connection = createRemoteMcpConnection({ name: 'wiki', url: 'http://127.0.0.1:9000/mcp', headers: {} });
 * await connection.refresh(); // { status: 'available', tools: [...] } or { status: 'unavailable', reason }
 */
export function createRemoteMcpConnection(
  config: RemoteMcpServerConfig,
  now: () => number = Date.now,
): RemoteMcpConnection {
  let state: RemoteServerState = { status: 'connecting' };
  let client: Client | undefined;
  let refreshing: Promise<RemoteServerState> | undefined;

  async function drop(): Promise<void> {
    const old = client;
    client = undefined;
    await old?.close().catch(() => undefined);
  }

  async function connect(): Promise<RemoteServerState> {
    await drop();
    const fresh = new Client({ name: 'svc', version: serverPackage.version });
    const signal = AbortSignal.timeout(CONNECT_TIMEOUT_MS);
    try {
      await fresh.connect(
        new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } }),
        { signal, timeout: CONNECT_TIMEOUT_MS },
      );
      const tools: RemoteTool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
        const listed = await fresh.listTools(cursor === undefined ? {} : { cursor }, {
          signal,
          timeout: CONNECT_TIMEOUT_MS,
        });
        tools.push(...(listed.tools as RemoteTool[]));
        cursor = listed.nextCursor;
        if (cursor === undefined) break;
      }
      client = fresh;
      state = { status: 'available', tools, checkedAt: now() };
    } catch (error) {
      await fresh.close().catch(() => undefined);
      state = { status: 'unavailable', reason: describeError(error), checkedAt: now() };
    }
    return state;
  }

  return {
    config,
    state: () => state,
    refresh() {
      refreshing ??= connect().finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },
    async callTool(name, args, signal, timeoutMs) {
      if (client === undefined)
        throw new Error(state.status === 'unavailable' ? state.reason : 'not connected');
      try {
        return (await client.callTool({ name, arguments: args }, { signal, timeout: timeoutMs })) as Record<
          string,
          unknown
        >;
      } catch (error) {
        // A JSON-RPC error (numeric code) is the server answering; anything else means it is not reachable.
        if (!signal.aborted && typeof (error as { code?: unknown }).code !== 'number') {
          state = { status: 'unavailable', reason: describeError(error), checkedAt: now() };
          await drop();
        }
        throw error;
      }
    },
    close: drop,
  };
}
