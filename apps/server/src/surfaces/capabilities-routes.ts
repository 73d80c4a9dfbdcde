import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import { summarizePolicy } from '../capabilities/capability-policy.js';
import {
  mcpNameOf,
  TOOL_FORMATS,
  type ToolFormat,
  toToolDefinitions,
  toToolName,
} from '../capabilities/tool-definitions.js';
import { errorResponseSchema } from '../errors/error-body.js';
import { GATE_PLUGIN } from '../plugins/gate-plugin.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;

const listSchema = {
  security: [{}, ...AUTHENTICATED_SECURITY],
  tags: ['capabilities'],
  summary: 'What this caller may use: every capability its policy lets through',
  description:
    'Without format: id, plane, title, description, input schema and policy summary. With format=openai|anthropic|mcp: the same capabilities as function-calling tool definitions of that ecosystem.',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { format: { type: 'string', enum: [...TOOL_FORMATS] } },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        capabilities: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'plane', 'title', 'description', 'input', 'policy', 'mcpName', 'toolName'],
            properties: {
              id: { type: 'string' },
              plane: { type: 'string' },
              title: { type: 'string' },
              description: { type: 'string' },
              input: OPEN_OBJECT,
              policy: OPEN_OBJECT,
              mcpName: { type: 'string' },
              toolName: { type: 'string' },
            },
          },
        },
        format: { type: 'string' },
        tools: { type: 'array', items: OPEN_OBJECT },
      },
    },
    400: errorResponseSchema,
  },
} as const;

/**
 * `GET /api/capabilities` (register with that prefix): the capabilities the caller may use, and
 * `?format=openai|anthropic|mcp` for function-calling tool definitions, all from the registry.
 *
 * @example
 * await app.register(capabilitiesRoutes, { prefix: '/api/capabilities' });
 * // GET /api/capabilities?format=openai → { format: 'openai', tools: [{ type: 'function', function: { name: 'generatePage', … } }] }
 */
export const capabilitiesRoutes = fastifyPlugin(
  async (app) => {
    app.get<{ Querystring: { format?: ToolFormat } }>('', { schema: listSchema }, async (request) => {
      const capabilities = await app.capabilities.listAvailable(request.user);
      const { format } = request.query;
      if (format !== undefined) return { format, tools: toToolDefinitions(capabilities, format) };
      return {
        capabilities: capabilities.map((capability) => ({
          id: capability.id,
          plane: capability.plane,
          title: capability.title,
          description: capability.description,
          input: capability.input,
          policy: summarizePolicy(capability.policy),
          mcpName: mcpNameOf(capability),
          toolName: toToolName(capability),
        })),
      };
    });
  },
  { name: 'svc-capabilities-routes', dependencies: [GATE_PLUGIN, CAPABILITIES_PLUGIN], encapsulate: true },
);
