import type { Capability, JsonSchema } from './capability-types.js';

/** The MCP tool name of a capability: its `mcpName`, else its id. */
export function mcpNameOf(capability: Capability): string {
  return capability.mcpName ?? capability.id;
}

/** The function-calling ecosystems `GET /api/capabilities?format=` renders for. */
export const TOOL_FORMATS = ['openai', 'anthropic', 'mcp'] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/**
 * The function-calling name of a capability: its MCP name with every character OpenAI and
 * Anthropic refuse (anything but letters, digits, `_` and `-`) as `_`, e.g. `spec_validate`.
 *
 * @example
 * toToolName(generatePage); // 'generatePage'
 */
export function toToolName(capability: Capability): string {
  return mcpNameOf(capability).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/** An OpenAI chat-completions tool: `{ type: 'function', function: { name, description, parameters } }`. */
export function toOpenAiTool(capability: Capability) {
  return {
    type: 'function' as const,
    function: { name: toToolName(capability), description: capability.description, parameters: capability.input },
  };
}

/** An Anthropic Messages tool: `{ name, description, input_schema }`. */
export function toAnthropicTool(capability: Capability) {
  return { name: toToolName(capability), description: capability.description, input_schema: capability.input };
}

/** An MCP tool as `tools/list` answers it. */
export function toMcpTool(capability: Capability): {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  annotations: { readOnlyHint: boolean };
} {
  return {
    name: mcpNameOf(capability),
    title: capability.title,
    description: capability.description,
    inputSchema: capability.input as JsonSchema & { type: 'object' },
    annotations: { readOnlyHint: capability.policy.readOnly === true },
  };
}

/**
 * The tool definitions of `capabilities` for one ecosystem, all from the same registry data.
 *
 * @example
 * toToolDefinitions(registry.listFor(user), 'openai'); // [{ type: 'function', function: { … } }, …]
 */
export function toToolDefinitions(capabilities: readonly Capability[], format: ToolFormat): unknown[] {
  switch (format) {
    case 'openai':
      return capabilities.map(toOpenAiTool);
    case 'anthropic':
      return capabilities.map(toAnthropicTool);
    case 'mcp':
      return capabilities.map(toMcpTool);
  }
}
