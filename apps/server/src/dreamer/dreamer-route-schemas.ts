import { MAX_INPUT_VALUE_LENGTH, MAX_TOPIC_LENGTH } from '@svc/dreamer-core';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

const NAME = { type: 'string', minLength: 1, maxLength: 200 } as const;
const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;

/** A pipeline definition; its fields are checked by the core's validator (errors with JSON pointers). */
const pipelineSchema = {
  ...OPEN_OBJECT,
  description:
    'A pipeline definition: { name, version, inputs?, stages[] }. Checked by the validator, which answers every problem with a code and a JSON pointer.',
} as const;

/** The run arguments (shared by the routes and the `dreamer.dream` adapter function). */
export const runArgumentsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    topic: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_TOPIC_LENGTH,
      description: 'What to ideate on. Required unless resumeFrom names a run.',
    },
    // No `default`s here: Ajv would write them into the body, and a resume must see only what was sent.
    depth: { type: 'string', enum: ['standard', 'deep'], description: 'Default standard.' },
    mode: {
      type: 'string',
      enum: ['standard', 'wild'],
      description: 'Default standard; wild favours unconventional but plausible ideas.',
    },
    provider: { ...NAME, description: 'A configured provider, or "auto".' },
    model: { ...NAME, description: 'A configured model, or "auto".' },
    pipeline: pipelineSchema,
    stageModels: {
      type: 'object',
      description: 'Stage key → a model name, or { provider?, model? }, for that stage.',
      additionalProperties: {
        anyOf: [
          NAME,
          {
            type: 'object',
            additionalProperties: false,
            properties: { provider: NAME, model: NAME },
          },
        ],
      },
    },
    inputValues: {
      type: 'object',
      description: 'Values of the {{input.*}} tokens the pipeline declares.',
      additionalProperties: { type: 'string', maxLength: MAX_INPUT_VALUE_LENGTH },
    },
    resumeFrom: {
      ...NAME,
      description:
        'Id of an errored or aborted run of yours: it continues after its last completed stage, with its own topic, pipeline and settings; only models may change.',
    },
  },
} as const;

const resolvedModelSchema = {
  type: 'object',
  required: ['provider', 'model', 'source'],
  properties: {
    provider: { type: 'string' },
    model: { type: 'string' },
    source: { type: 'string', enum: ['stage-models', 'stage', 'run', 'auto', 'stub'] },
  },
} as const;

const stageUsageSchema = {
  type: 'object',
  required: ['inputTokens', 'outputTokens'],
  properties: {
    inputTokens: { type: 'integer' },
    outputTokens: { type: 'integer' },
    estimated: { type: 'boolean', description: 'True when the provider did not report usage.' },
    stub: { type: 'boolean', description: 'True when no model ran (echo stub); tokens are 0.' },
  },
} as const;

const runResultSchema = {
  type: 'object',
  required: ['runId', 'status', 'steps', 'outputs', 'usage', 'models'],
  properties: {
    runId: { type: 'string', description: 'The run record: GET /db/dreamer_runs/{runId}.' },
    status: { type: 'string', enum: ['done'] },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'label', 'output', 'text', 'model', 'usage', 'attempts', 'startedAt', 'finishedAt'],
        properties: {
          key: { type: 'string' },
          label: { type: 'string' },
          output: { description: 'The text, or the parsed value for json stages.' },
          text: { type: 'string' },
          model: resolvedModelSchema,
          usage: stageUsageSchema,
          attempts: { type: 'integer' },
          startedAt: { type: 'string', format: 'date-time' },
          finishedAt: { type: 'string', format: 'date-time' },
          durationMs: {
            type: 'integer',
            minimum: 0,
            description:
              'How long the stage took, retries included (absent on steps recorded before it existed).',
          },
        },
      },
    },
    outputs: { ...OPEN_OBJECT, description: 'Stage key → output.' },
    usage: {
      type: 'object',
      required: ['inputTokens', 'outputTokens', 'estimated', 'stages'],
      properties: {
        inputTokens: { type: 'integer' },
        outputTokens: { type: 'integer' },
        estimated: { type: 'boolean' },
        stub: { type: 'boolean', description: 'True when every stage ran on the echo stub (no model ran).' },
        stages: { type: 'object', additionalProperties: stageUsageSchema },
      },
    },
    models: { type: 'object', additionalProperties: resolvedModelSchema },
  },
} as const;

const runErrors = {
  ...commonErrorResponses,
  402: errorResponseSchema,
  409: errorResponseSchema,
  500: errorResponseSchema,
  502: errorResponseSchema,
  504: errorResponseSchema,
} as const;

export const runSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['dreamer'],
  summary: 'Run the ideation pipeline and answer the result as JSON',
  description:
    'Needs a membership including intelligence (admins bypass); priced by the meter rule of feature:dreamer.run. The run record is kept in /db/dreamer_runs whatever the outcome. A failure on the server side (provider failure, timeout) refunds the charge.',
  body: runArgumentsSchema,
  response: { 200: runResultSchema, ...runErrors },
} as const;

export const runStreamSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['dreamer'],
  summary: 'Run the ideation pipeline, streaming its progress as server-sent events',
  description:
    'Events: start, stage_start, stage_delta (text as a streaming model writes it: { key, text, attempt }; a higher attempt means the stage was retried, drop its text so far), stage_done, then done or error; a ": ping" comment every 15 s. Closing the connection aborts the run (its record ends aborted, resumable). Refusals before the stream starts are ordinary JSON errors.',
  body: runArgumentsSchema,
  response: {
    200: {
      description: 'A text/event-stream; each event’s data is the JSON of the run event.',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
    ...runErrors,
  },
} as const;

export const pipelineRouteSchema = {
  tags: ['dreamer'],
  summary: 'The default six-stage pipeline definition',
  response: { 200: pipelineSchema, 429: errorResponseSchema },
} as const;

export const validateSchema = {
  tags: ['dreamer'],
  summary: 'Validate a pipeline definition: { ok, errors }',
  description:
    'Body { pipeline, inputValues? } (or the bare definition). With inputValues, required inputs must have values.',
  body: OPEN_OBJECT,
  response: {
    200: {
      type: 'object',
      required: ['ok', 'errors'],
      properties: {
        ok: { type: 'boolean' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['code', 'message', 'path'],
            properties: {
              code: { type: 'string' },
              message: { type: 'string' },
              path: { type: 'string', description: 'JSON pointer into the definition.' },
            },
          },
        },
      },
    },
    400: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

export const modelsSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['dreamer'],
  summary: 'The model providers and models runs may use, and what "auto" picks',
  response: {
    200: {
      type: 'object',
      required: ['providers', 'auto'],
      properties: {
        providers: {
          type: 'array',
          items: {
            type: 'object',
            required: ['provider', 'models'],
            properties: {
              provider: { type: 'string' },
              models: { type: 'array', items: { type: 'string' } },
            },
          },
        },
        auto: {
          ...resolvedModelSchema,
          description:
            'What a stage with no model choice runs on: the first configured model, or the echo stub.',
        },
      },
    },
    401: errorResponseSchema,
  },
} as const;
