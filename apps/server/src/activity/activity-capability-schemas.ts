import { TRIMS } from '@svc/activity-core';
import { MAX_INLINE_BOOK_PAGES } from './activity-actions.js';

/**
 * The argument schemas of the activity capabilities, defined once: the capabilities, the
 * `/api/activity` routes (request bodies and OpenAPI), the adapter route, MCP and the
 * function-calling listings all use these objects.
 */

/** The trim names, for `enum`s. */
export const TRIM_ENUM = Object.keys(TRIMS);

export const KIND_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'A puzzle kind from listKinds (sudoku, wordsearch, maze, …).',
} as const;

/** Text or a number (`anyOf`, so Ajv's strict mode accepts it; a number and its text are the same seed). */
export const SEED_SCHEMA = {
  anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }],
  description: 'The same seed and input give the same page; random when absent.',
} as const;

export const DOC_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  description: 'The page as generatePage made it (`page.doc`).',
} as const;

export const TRIM_SCHEMA = { type: 'string', enum: TRIM_ENUM, description: 'Paper size.' } as const;

const HEADING_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 120,
  description: "The heading (default: the kind's title).",
} as const;

export const LIST_KINDS_INPUT = { type: 'object', additionalProperties: false, properties: {} } as const;

export const GENERATE_PAGE_INPUT = {
  type: 'object',
  required: ['kind'],
  additionalProperties: false,
  properties: {
    kind: KIND_SCHEMA,
    input: {
      type: 'object',
      additionalProperties: true,
      description: "The kind's input keys (see listKinds).",
    },
    seed: SEED_SCHEMA,
  },
} as const;

export const VALIDATE_PAGE_INPUT = {
  type: 'object',
  required: ['kind', 'doc'],
  additionalProperties: false,
  properties: { kind: KIND_SCHEMA, doc: DOC_SCHEMA },
} as const;

export const PRINT_PAGE_INPUT = {
  type: 'object',
  required: ['kind', 'doc', 'trim'],
  additionalProperties: false,
  properties: {
    kind: KIND_SCHEMA,
    doc: DOC_SCHEMA,
    trim: TRIM_SCHEMA,
    key: { type: 'boolean', description: 'Print the answer key (default false).' },
    largePrint: { type: 'boolean', description: 'Grid text at least 18 pt (default false).' },
    title: HEADING_SCHEMA,
  },
} as const;

export const BUILD_BOOK_INPUT = {
  type: 'object',
  required: ['title', 'trim', 'pages'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    subtitle: { type: 'string', minLength: 1, maxLength: 200 },
    author: { type: 'string', minLength: 1, maxLength: 120 },
    trim: TRIM_SCHEMA,
    pages: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_INLINE_BOOK_PAGES,
      items: {
        type: 'object',
        required: ['kind', 'doc'],
        additionalProperties: false,
        properties: { kind: KIND_SCHEMA, doc: DOC_SCHEMA, title: HEADING_SCHEMA },
      },
    },
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        bleed: { type: 'boolean' },
        largePrint: { type: 'boolean' },
        includeKeys: { type: 'boolean' },
      },
    },
  },
} as const;

export const EXPORT_BOOK_INPUT = {
  type: 'object',
  required: ['bookId'],
  additionalProperties: false,
  properties: {
    bookId: {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      description: "The id of one of the caller's saved books (activity_books).",
    },
  },
} as const;
