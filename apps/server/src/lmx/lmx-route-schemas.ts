import { commonErrorResponses } from '../errors/error-body.js';

const diagnostic = {
  type: 'object',
  required: ['code', 'message', 'line', 'column'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    line: { type: 'integer' },
    column: { type: 'integer' },
    endLine: { type: 'integer' },
    endColumn: { type: 'integer' },
  },
} as const;

/** The run result, as `@svc/lmx-interpreters` returns it. */
const runResult = {
  type: 'object',
  required: ['ok', 'mode', 'output', 'durationMs'],
  properties: {
    ok: { type: 'boolean' },
    mode: { type: 'string' },
    output: { type: 'array', items: { type: 'string' } },
    value: {},
    error: {
      type: 'object',
      required: ['code', 'message', 'line', 'column', 'mode'],
      properties: {
        ...diagnostic.properties,
        mode: { type: 'string' },
        diagnostics: { type: 'array', items: diagnostic },
      },
    },
    usage: {
      type: 'object',
      properties: { stub: { type: 'boolean' }, tokens: { type: 'integer' } },
    },
    trace: { type: 'array', items: {} },
    durationMs: { type: 'number' },
  },
} as const;

/** `POST /api/lmx/run`. */
export const runSchema = {
  tags: ['lmx'],
  summary: 'Run a script in a sandboxed worker',
  description:
    'Runs `source` in the language `mode` with `input` as JSON data, in a time-bounded worker thread. ' +
    'Every script outcome (output, syntax, runtime and limit errors, an unavailable mode) is a 200 with ' +
    '`ok` telling success; HTTP errors are for the request itself (validation, sign-in, rate and concurrency limits).',
  body: {
    type: 'object',
    required: ['mode', 'source'],
    additionalProperties: false,
    properties: {
      mode: { type: 'string', minLength: 1, maxLength: 16 },
      source: { type: 'string', maxLength: 200_000 },
      input: {},
    },
  },
  response: { 200: runResult, ...commonErrorResponses },
} as const;

/** `GET /api/lmx/interpreters`. */
export const interpretersSchema = {
  tags: ['lmx'],
  summary: 'The sixteen modes and their availability here',
  response: {
    200: {
      type: 'object',
      required: ['timeMs', 'interpreters'],
      properties: {
        timeMs: { type: 'integer' },
        interpreters: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'title', 'purpose', 'bridges', 'hostMode', 'available'],
            properties: {
              id: { type: 'string' },
              title: { type: 'string' },
              purpose: { type: 'string' },
              bridges: { type: 'array', items: { type: 'string' } },
              hostMode: { type: 'boolean' },
              available: { type: 'boolean' },
              code: { type: 'string' },
              reason: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;

/** `GET /api/lmx/demos`. */
export const demosSchema = {
  tags: ['lmx'],
  summary: 'Bundled demo scripts, at least one per built mode',
  response: {
    200: {
      type: 'object',
      required: ['demos'],
      properties: {
        demos: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'mode', 'title', 'description', 'source'],
            properties: {
              id: { type: 'string' },
              mode: { type: 'string' },
              title: { type: 'string' },
              description: { type: 'string' },
              source: { type: 'string' },
              input: {},
            },
          },
        },
      },
    },
  },
} as const;
