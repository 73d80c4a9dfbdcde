import { DocsError, isDocsError } from '../errors.js';
import type { DocsReader } from '../reader/create-docs-reader.js';
import { DOCS_TOOLS } from './docs-tools.js';
import type { ToolArguments } from './tool-arguments.js';

/** A tool call's outcome in MCP's terms: structured content, its text, and whether it failed. */
export interface DocsToolOutcome {
  isError: boolean;
  structuredContent: Record<string, unknown>;
  text: string;
}

/**
 * Runs a docs tool by name and shapes the outcome for MCP: the result as `structuredContent`
 * plus text, or — for a `DocsError` — `isError` with `{ error: { code, message, details } }`.
 * Other errors are bugs and are rethrown.
 *
 * @example
 * const outcome = callDocsTool(reader, 'getSymbol', { name: 'validate' });
 * outcome.structuredContent.matches;
 */
export function callDocsTool(reader: DocsReader, name: string, args: unknown): DocsToolOutcome {
  try {
    const tool = DOCS_TOOLS.find((candidate) => candidate.name === name);
    if (!tool) {
      throw new DocsError('DOCS_TOOL_NOT_FOUND', `No docs tool "${name}".`, {
        details: { tools: DOCS_TOOLS.map((candidate) => candidate.name) },
      });
    }
    const input =
      typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as ToolArguments) : {};
    const result = tool.run(input, reader) as Record<string, unknown>;
    return {
      isError: false,
      structuredContent: result,
      text: tool.toText ? tool.toText(result) : JSON.stringify(result),
    };
  } catch (error) {
    if (!isDocsError(error)) throw error;
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
    };
    return { isError: true, structuredContent: body, text: JSON.stringify(body) };
  }
}
