import { documentSchema } from '../contracts/document-schema.js';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';
import {
  DOC_SCHEMA as DOC,
  GENERATE_PAGE_INPUT,
  KIND_SCHEMA as KIND,
  PRINT_PAGE_INPUT,
  SEED_SCHEMA,
  TRIM_ENUM,
} from './activity-capability-schemas.js';

// The request bodies of generate and print are the capabilities' input schemas, defined once.
export { TRIM_ENUM };
export const SEED = SEED_SCHEMA;

/** Public routes accept a credential but need none. */
const OPTIONAL_SECURITY = [{}, ...AUTHENTICATED_SECURITY];

const inputFieldSchema = {
  type: 'object',
  required: ['name', 'type', 'description'],
  properties: {
    name: { type: 'string' },
    type: {
      type: 'string',
      enum: ['integer', 'number', 'boolean', 'string', 'enum', 'string[]', 'object[]', 'grid'],
    },
    description: { type: 'string' },
    default: { description: 'Used when the key is absent.' },
    required: { type: 'boolean' },
    min: { type: 'number', description: 'Numbers: the value; strings: the length; arrays: the item count.' },
    max: { type: 'number' },
    values: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A generated page. */
export const generatedPageSchema = {
  type: 'object',
  required: ['kind', 'seed', 'doc', 'summary'],
  properties: { kind: { type: 'string' }, seed: { type: 'string' }, doc: DOC, summary: { type: 'string' } },
} as const;

export const kindsSchema = {
  tags: ['activity'],
  summary: 'List the puzzle kinds with their input keys, types, defaults and bounds',
  response: {
    200: {
      type: 'object',
      required: ['kinds'],
      properties: {
        kinds: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kind', 'title', 'description', 'requiresAccount', 'inputs'],
            properties: {
              kind: { type: 'string' },
              title: { type: 'string' },
              description: { type: 'string' },
              requiresAccount: { type: 'boolean' },
              inputs: { type: 'array', items: inputFieldSchema },
            },
          },
        },
      },
    },
  },
} as const;

export const generateSchema = {
  security: OPTIONAL_SECURITY,
  tags: ['activity'],
  summary: 'Generate a puzzle page (sudoku, wordsearch and maze need no account; the other kinds do)',
  description:
    'sudoku, wordsearch and maze are free for everyone, as the seed opens them to anonymous callers; the other kinds need a signed-in caller and are charged the tool:activity-pages.generatePage price (402 GATE_INSUFFICIENT_BALANCE when short).',
  body: GENERATE_PAGE_INPUT,
  response: {
    200: { type: 'object', required: ['page'], properties: { page: generatedPageSchema } },
    400: errorResponseSchema,
    401: errorResponseSchema,
    402: errorResponseSchema,
    422: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

export const printSchema = {
  security: OPTIONAL_SECURITY,
  tags: ['activity'],
  summary: 'Print a page as a standalone HTML document (watermarked without a membership)',
  description:
    'Inline CSS and SVG, CSS @page sized to the trim. Callers without an active membership (anonymous callers included; admins never) get a visible "Preview — svc free" watermark.',
  body: PRINT_PAGE_INPUT,
  response: {
    200: {
      description: 'The HTML document.',
      content: { 'text/html': { schema: { type: 'string' } } },
    },
    400: errorResponseSchema,
    429: errorResponseSchema,
  },
} as const;

/** A saved page: a document of `activity_pages` with its system fields. */
export const savedPageSchema = {
  ...documentSchema,
  required: [...documentSchema.required, 'kind', 'doc'],
  properties: {
    ...documentSchema.properties,
    kind: { type: 'string' },
    doc: DOC,
    seed: { type: 'string' },
    summary: { type: 'string' },
    title: { type: 'string' },
  },
} as const;

export const savePageSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['activity'],
  summary: 'Save a page (validated) as a private document of the caller in activity_pages',
  body: {
    type: 'object',
    required: ['kind', 'doc'],
    additionalProperties: false,
    properties: {
      kind: KIND,
      doc: DOC,
      seed: SEED,
      summary: { type: 'string', maxLength: 500 },
      title: { type: 'string', minLength: 1, maxLength: 120, description: 'Heading in books.' },
    },
  },
  response: {
    201: { type: 'object', required: ['page'], properties: { page: savedPageSchema } },
    ...commonErrorResponses,
  },
} as const;
