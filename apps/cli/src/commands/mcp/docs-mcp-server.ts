import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { callDocsTool, DOCS_TOOLS, type DocsReader } from '@svc/docs-reader';

/**
 * An MCP server whose tools are the docs tools, translated from their one definition in
 * `@svc/docs-reader` (name, title, description, JSON Schema input, read-only annotations). Each
 * call answers `structuredContent` plus its text, `isError` for a docs error. The reader is
 * loaded on the first call, so the server answers `initialize` and `tools/list` at once.
 *
 * @example
 * serveStdio(() => createDocsMcpServer(() => readerPromise, '0.1.0'));
 */
export function createDocsMcpServer(loadReader: () => Promise<DocsReader>, version: string): McpServer {
  const server = new McpServer({ name: 'svc-docs', version });
  for (const tool of DOCS_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: fromJsonSchema<Record<string, unknown>>(tool.inputSchema),
        annotations: { ...tool.annotations, title: tool.title },
      },
      async (args: Record<string, unknown>) => {
        const outcome = callDocsTool(await loadReader(), tool.name, args);
        return {
          content: [{ type: 'text' as const, text: outcome.text }],
          structuredContent: outcome.structuredContent,
          isError: outcome.isError,
        };
      },
    );
  }
  return server;
}
