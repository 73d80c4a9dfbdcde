import {
  type BuildSpecArgs,
  buildSpec,
  type DiffArgs,
  diff,
  type ExampleRequestArgs,
  exampleRequest,
  type ListEndpointsArgs,
  listEndpoints,
  type ToMarkdownArgs,
  toMarkdown,
  type ValidateArgs,
  validate,
} from '@svc/spec-toolkit';
import { type Capability, defineCapability, type JsonSchema } from '../capabilities/capability-types.js';

/** A spec: an object, or JSON or YAML text. */
const SPEC: JsonSchema = {
  description: 'OpenAPI 3.x / Swagger 2.0 document, as an object or JSON/YAML text.',
  anyOf: [{ type: 'object' }, { type: 'string' }],
};

function argsObject(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', required, properties, additionalProperties: false };
}

const DIFF_PAIRS = [
  ['specA', 'specB'],
  ['from', 'to'],
  ['old', 'new'],
  ['a', 'b'],
];

/** The spec tools are offline and deterministic, and were always a developer's tools: `run_adapter`. */
function specPolicy(fn: string) {
  return { access: 'account', permission: 'run_adapter', meter: `tool:spec.${fn}`, readOnly: true } as const;
}

/**
 * The spec toolkit's capabilities (`spec.*`; MCP tools of the same names). Every function returns
 * the toolkit's result as is; problems in the spec are data in that result, never an error.
 * `toMarkdown` runs without a model, so its `mode` is always `heuristic`.
 *
 * @example
 * for (const capability of SPEC_CAPABILITIES) registry.register(capability);
 */
export const SPEC_CAPABILITIES: readonly Capability[] = [
  defineCapability<ValidateArgs, ReturnType<typeof validate>>({
    id: 'spec.validate',
    plane: 'adapter',
    title: 'Validate an OpenAPI spec',
    description:
      'Validates a spec: { valid, version, errors, warnings, counts }. options.strict adds style warnings.',
    input: argsObject({ spec: SPEC, options: argsObject({ strict: { type: 'boolean' } }) }, ['spec']),
    policy: specPolicy('validate'),
    run: async (args) => validate(args),
  }),
  defineCapability<DiffArgs, ReturnType<typeof diff>>({
    id: 'spec.diff',
    plane: 'adapter',
    title: 'Diff two OpenAPI specs',
    description:
      'Compares two specs (old first): added, removed and changed operations and the breaking changes.',
    input: {
      ...argsObject(Object.fromEntries(DIFF_PAIRS.flat().map((name) => [name, SPEC]))),
      anyOf: DIFF_PAIRS.map((pair) => ({ required: pair })),
    },
    policy: specPolicy('diff'),
    run: async (args) => diff(args),
  }),
  defineCapability<ListEndpointsArgs, ReturnType<typeof listEndpoints>>({
    id: 'spec.listEndpoints',
    plane: 'adapter',
    title: 'List the endpoints of a spec',
    description:
      'Lists every operation with method, path, operationId, summary, tags, params and responses.',
    input: argsObject({ spec: SPEC }, ['spec']),
    policy: specPolicy('listEndpoints'),
    run: async (args) => listEndpoints(args),
  }),
  defineCapability<ExampleRequestArgs, ReturnType<typeof exampleRequest>>({
    id: 'spec.exampleRequest',
    plane: 'adapter',
    title: 'An example request for one operation',
    description:
      'A runnable curl command and sample body for one operation (by operationId, or method and path).',
    input: argsObject(
      {
        spec: SPEC,
        method: { type: 'string', maxLength: 16 },
        path: { type: 'string', maxLength: 2048 },
        operationId: { type: 'string', maxLength: 256 },
        options: argsObject({
          baseUrl: { type: 'string', maxLength: 2048 },
          multiline: { type: 'boolean' },
          compactBody: { type: 'boolean' },
        }),
      },
      ['spec'],
    ),
    policy: specPolicy('exampleRequest'),
    run: async (args) => exampleRequest(args),
  }),
  defineCapability<ToMarkdownArgs, Awaited<ReturnType<typeof toMarkdown>>>({
    id: 'spec.toMarkdown',
    plane: 'adapter',
    title: 'A Markdown reference of a spec',
    description:
      'A Markdown API reference grouped by tag (overview composed from the spec: mode "heuristic").',
    input: argsObject(
      {
        spec: SPEC,
        options: argsObject({
          includeExamples: { type: 'boolean' },
          maxExampleChars: { type: 'integer', minimum: 0, maximum: 100_000 },
          baseUrl: { type: 'string', maxLength: 2048 },
        }),
      },
      ['spec'],
    ),
    policy: specPolicy('toMarkdown'),
    run: async (args) => toMarkdown(args),
  }),
  defineCapability<BuildSpecArgs, ReturnType<typeof buildSpec>>({
    id: 'spec.buildSpec',
    plane: 'adapter',
    title: 'Build a spec from endpoint sketches',
    description:
      'Builds a minimal valid OpenAPI 3 document from endpoint sketches { method, path, summary?, tags?, body?, responses? }.',
    input: argsObject(
      {
        endpoints: {
          type: 'array',
          maxItems: 1000,
          items: {
            type: 'object',
            required: ['method', 'path'],
            properties: {
              method: { type: 'string', maxLength: 16 },
              path: { type: 'string', maxLength: 2048 },
              summary: { type: 'string' },
              tags: { type: 'array', items: { type: 'string' } },
              body: {},
              responses: { type: 'object' },
            },
            additionalProperties: false,
          },
        },
        info: argsObject({
          title: { type: 'string' },
          version: { type: 'string' },
          description: { type: 'string' },
        }),
        options: argsObject({ version: { type: 'string', enum: ['3.0.3', '3.1.0'] } }),
      },
      ['endpoints'],
    ),
    policy: specPolicy('buildSpec'),
    run: async (args) => buildSpec(args),
  }),
];
