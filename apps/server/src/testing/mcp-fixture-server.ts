import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, Server } from '@modelcontextprotocol/server';

// Test support: a real MCP server (the SDK's server side) on loopback; never imported by production code.

/** A running fixture: its endpoint and a way to stop it. */
export interface McpFixtureServer {
  url: string;
  /** Tool calls received, in order. */
  calls: Array<{ name: string; arguments: unknown }>;
  close(): Promise<void>;
}

// Declared apart from the list, so TypeScript does not merge their schemas' shapes with echo's.
const MATCH_TOOL = {
  name: 'match',
  description:
    'Answers the text, which must be made of a (a pattern that backtracks exponentially in JavaScript).',
  inputSchema: { type: 'object' as const, properties: { text: { type: 'string', pattern: '^(a+)+$' } } },
};
const LOOKAHEAD_TOOL = {
  name: 'lookahead',
  description: 'A pattern RE2 cannot express: never offered.',
  inputSchema: { type: 'object' as const, properties: { text: { type: 'string', pattern: '^(?=a)' } } },
};

/**
 * Starts an MCP server with four tools: `echo` ({ text } → the text, also as structured
 * content), `fail` (always an `isError` result), `match` (as `echo`, its text held to the
 * pattern `^(a+)+$`) and `lookahead` (a pattern RE2 cannot express).
 *
 * @example
 * const fixture = await startMcpFixtureServer();
 * // SVC_MCP_SERVERS=[{"name":"fixture","url":fixture.url}]
 */
export async function startMcpFixtureServer(): Promise<McpFixtureServer> {
  const calls: McpFixtureServer['calls'] = [];
  const handler = createMcpHandler(() => {
    const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({
      tools: [
        {
          name: 'echo',
          title: 'Echo',
          description: 'Answers the text it is given.',
          inputSchema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            required: ['text'],
            additionalProperties: false,
            properties: { text: { type: 'string' } },
          },
        },
        { name: 'fail', description: 'Always fails.', inputSchema: { type: 'object' } },
        MATCH_TOOL,
        LOOKAHEAD_TOOL,
      ],
    }));
    server.setRequestHandler('tools/call', (request) => {
      calls.push({ name: request.params.name, arguments: request.params.arguments });
      if (request.params.name === 'echo' || request.params.name === 'match') {
        const text = String((request.params.arguments as { text?: unknown }).text);
        return { content: [{ type: 'text', text }], structuredContent: { echo: text } };
      }
      return { isError: true, content: [{ type: 'text', text: 'the fixture always fails' }] };
    });
    return server;
  });
  const serve = toNodeHandler(handler);
  const http: HttpServer = createServer((request, response) => void serve(request, response));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    async close() {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on (opened and closed again). */
export async function findClosedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
