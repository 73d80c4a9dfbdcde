import { DOCS_TOOLS, type DocsReader, type DocsTool } from '@svc/docs-reader';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import type { GrepThread } from './grep-thread.js';

/** Calls of one docs tool per client address and minute: generous for a reader, a brake on a scraper. */
export const DOCS_TOOL_CALLS_PER_MINUTE = 120;

/**
 * The docs tools (`searchDocs`, `getPage`, `listPackages`, `getSymbol`, `howDoI`, `grepDocs`) as
 * capabilities `docs.<tool>` with the tool's name as MCP name, so `/mcp`, the adapter route,
 * `GET /api/capabilities` and the script bridges reach the same tool `svc mcp` serves over stdio.
 * The tool's own definition (schema with every lenient alias, description) is the one used;
 * nothing is declared again here. Anyone may call them, as the read API; they change nothing.
 * `grepDocs` runs a caller's pattern, so it runs on `grep` (a thread under a hard deadline),
 * never on the main thread; the others are lookups in the reader's indexes.
 *
 * @example
 * for (const capability of createDocsCapabilities(() => openReader(), createGrepThread(siteDir))) registry.register(capability);
 */
export function createDocsCapabilities(reader: () => Promise<DocsReader>, grep: GrepThread): Capability[] {
  return DOCS_TOOLS.map((tool: DocsTool) =>
    defineCapability<Record<string, unknown>, unknown>({
      id: `docs.${tool.name}`,
      plane: 'adapter',
      title: tool.title,
      description: tool.description,
      input: tool.inputSchema,
      mcpName: tool.name,
      policy: {
        access: 'anyone',
        meter: `tool:docs.${tool.name}`,
        readOnly: true,
        rateLimit: { max: DOCS_TOOL_CALLS_PER_MINUTE, windowMs: 60_000, per: 'client' },
      },
      run: async (args, context) => {
        const opened = await reader();
        return tool.name === 'grepDocs' ? grep.grep(args, context.signal) : tool.run(args, opened);
      },
    }),
  );
}
