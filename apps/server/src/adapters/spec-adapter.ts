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
import { type AdapterDefinition, defineAdapterFunction, type JsonSchema } from './adapter-types.js';

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

/**
 * The built-in `spec` adapter: the spec toolkit's offline tools over HTTP
 * (`POST /api/adapters/spec/validate` …). Every function returns the toolkit's result as is;
 * problems in the spec are data in that result, never an error status. `toMarkdown` runs
 * without a model, so its `mode` is always `heuristic`.
 *
 * @example
 * createAdapterRegistry([specAdapter]).get('spec', 'validate');
 */
export const specAdapter: AdapterDefinition = {
  system: 'spec',
  description:
    'Validate, diff, list, exemplify, document and build OpenAPI / Swagger specs (offline, deterministic).',
  functions: {
    validate: defineAdapterFunction<ValidateArgs>({
      description:
        'Validates a spec: { valid, version, errors, warnings, counts }. options.strict adds style warnings.',
      argsSchema: argsObject({ spec: SPEC, options: argsObject({ strict: { type: 'boolean' } }) }, ['spec']),
      run: async (args) => validate(args),
    }),
    diff: defineAdapterFunction<DiffArgs>({
      description:
        'Compares two specs (old first): added, removed and changed operations and the breaking changes.',
      argsSchema: {
        ...argsObject(Object.fromEntries(DIFF_PAIRS.flat().map((name) => [name, SPEC]))),
        anyOf: DIFF_PAIRS.map((pair) => ({ required: pair })),
      },
      run: async (args) => diff(args),
    }),
    listEndpoints: defineAdapterFunction<ListEndpointsArgs>({
      description:
        'Lists every operation with method, path, operationId, summary, tags, params and responses.',
      argsSchema: argsObject({ spec: SPEC }, ['spec']),
      run: async (args) => listEndpoints(args),
    }),
    exampleRequest: defineAdapterFunction<ExampleRequestArgs>({
      description:
        'A runnable curl command and sample body for one operation (by operationId, or method and path).',
      argsSchema: argsObject(
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
      run: async (args) => exampleRequest(args),
    }),
    toMarkdown: defineAdapterFunction<ToMarkdownArgs>({
      description:
        'A Markdown API reference grouped by tag (overview composed from the spec: mode "heuristic").',
      argsSchema: argsObject(
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
      run: async (args) => toMarkdown(args),
    }),
    buildSpec: defineAdapterFunction<BuildSpecArgs>({
      description:
        'Builds a minimal valid OpenAPI 3 document from endpoint sketches { method, path, summary?, tags?, body?, responses? }.',
      argsSchema: argsObject(
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
      run: async (args) => buildSpec(args),
    }),
  },
};
